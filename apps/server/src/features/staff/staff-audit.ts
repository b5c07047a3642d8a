// The record of staff actions: every change a staff member makes goes through `record`, with the
// record before and after; the log is read back filtered, newest first, a page at a time.
import {
  AUDIT_PAGE_SIZE,
  type AuditEvent,
  type AuditList,
  type AuditQuery,
} from '@shark/contracts/staff.ts';
import { AppError } from '#server/http/app-error.ts';
import type { AuditRow, StaffRepository } from './staff-repository.ts';

/** Who acted: a staff member in a request (with the address it came from), or the operator's CLI. */
export interface StaffActor {
  userId: string;
  email: string;
  ipAddress: string | null;
}

/** The operator at the server's command line: no account, no address. */
export const CLI_ACTOR: StaffActor = { userId: 'cli', email: 'cli', ipAddress: null };

export interface AuditEntry {
  /** Dotted verb: work.claim, support.answer, staff.grant, account.grant-plan… */
  action: string;
  targetType: string;
  targetId: string;
  /** The creator whose record it is, when there is one. */
  subjectUserId?: string | null;
  before?: unknown;
  after?: unknown;
}

function toEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    subjectUserId: row.subjectUserId,
    before: row.before ?? null,
    after: row.after ?? null,
    ipAddress: row.ipAddress,
    at: row.at.toISOString(),
  };
}

function encodeCursor(row: AuditRow): string {
  return Buffer.from(`${row.at.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const when = new Date(at ?? '');
  if (!id || Number.isNaN(when.getTime()))
    throw new AppError('VALIDATION_FAILED', 'This page of the log no longer exists; start again.', {
      fields: { cursor: 'Not a page of the log.' },
    });
  return { at: when, id };
}

/** JSON-safe copy (dates as ISO text), so what is stored is what is shown. */
function snapshot(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

export function createStaffAudit(deps: { repo: StaffRepository; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async record(actor: StaffActor, entry: AuditEntry): Promise<AuditEvent> {
      const row = await deps.repo.record({
        actorId: actor.userId,
        actorEmail: actor.email.toLowerCase(),
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        subjectUserId: entry.subjectUserId ?? null,
        before: snapshot(entry.before),
        after: snapshot(entry.after),
        ipAddress: actor.ipAddress,
        at: now(),
      });
      return toEvent(row);
    },

    /**
     * What staff did on one of her takedowns, in words for her history: the outcome a finished piece
     * of work recorded, or the action's name.
     */
    async takedownActions(
      userId: string,
      takedownId: string,
    ): Promise<{ description: string; at: string }[]> {
      const rows = await deps.repo.takedownActions(userId, takedownId);
      return rows.map((row) => {
        const after = row.after as { outcome?: unknown } | null;
        const outcome = typeof after?.outcome === 'string' ? after.outcome : null;
        return { description: outcome ?? row.action, at: row.at.toISOString() };
      });
    },

    async list(query: AuditQuery, limit = AUDIT_PAGE_SIZE): Promise<AuditList> {
      const rows = await deps.repo.audit({
        actor: query.actor,
        action: query.action,
        targetType: query.targetType,
        targetId: query.targetId,
        subjectUserId: query.subjectUserId,
        after: query.cursor ? decodeCursor(query.cursor) : undefined,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        events: page.map(toEvent),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },
  };
}

export type StaffAudit = ReturnType<typeof createStaffAudit>;
