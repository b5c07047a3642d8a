// The one queue the staff work from: filled and tidied by the sync, listed in the order of the
// creators' plans and due times, claimed by one agent at a time. Finishing and the item page are in
// work-item-service.ts.
import {
  WORK_ITEM_KINDS,
  WORK_QUEUE_PAGE_SIZE,
  type ServicePlan,
  type WorkItem,
  type WorkQueueCounts,
  type WorkQueueFilter,
  type WorkQueuePage,
} from '@shark/contracts/work-queue.ts';
import type { StaffRole } from '@shark/contracts/staff.ts';
import type { ServiceLevelHours } from '#server/config/areas/staff.ts';
import { AppError } from '#server/http/app-error.ts';
import type { StaffActor, StaffAudit } from '#server/features/staff/staff-audit.ts';
import type {
  ItemCursor,
  NewWorkItemRow,
  WorkItemRow,
  WorkItemView,
  WorkQueueRepository,
} from './work-queue-repository.ts';
import type { WorkSourcesRepository } from './work-sources-repository.ts';
import { isOverdue, PLAN_PRIORITY, serviceLevel, servicePlanOf } from './service-levels.ts';

/** The outcome of an item whose record was dealt with outside the queue. */
export const RESOLVED_ELSEWHERE = 'resolved elsewhere';

/** Records read per kind and sync. */
const SYNC_BATCH = 1000;

export const ITEM_NOT_FOUND = 'This item is not in the work queue.';

export interface WorkQueueDeps {
  items: WorkQueueRepository;
  sources: WorkSourcesRepository;
  audit: StaffAudit;
  slaHours: ServiceLevelHours;
  now?: () => Date;
}

/** The host of a page, for filtering: lower case, without www. */
export function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

export function toWorkItem(view: WorkItemView, now: Date): WorkItem {
  const { row } = view;
  return {
    id: row.id,
    kind: row.kind,
    refId: row.refId,
    reason: row.reason,
    status: row.status,
    creator: { id: row.userId, email: view.creatorEmail, name: view.creatorName },
    plan: (row.plan as ServicePlan | null) ?? 'none',
    priority: row.priority,
    dueAt: row.dueAt.toISOString(),
    isOverdue: isOverdue(row, now),
    host: row.host,
    title: row.title,
    claimedBy:
      row.claimedBy && view.claimerEmail ? { id: row.claimedBy, email: view.claimerEmail } : null,
    claimedAt: row.claimedAt?.toISOString() ?? null,
    doneAt: row.doneAt?.toISOString() ?? null,
    doneBy: row.doneBy,
    outcome: row.outcome,
    createdAt: row.createdAt.toISOString(),
  };
}

function encodeCursor(row: WorkItemRow): string {
  const key =
    row.status === 'open'
      ? ['open', row.priority, row.dueAt.toISOString(), row.id]
      : ['done', row.doneAt?.toISOString() ?? '', row.id];
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeCursor(cursor: string, status: 'open' | 'done'): ItemCursor {
  const invalid = new AppError('VALIDATION_FAILED', 'This page of the queue no longer exists.', {
    fields: { cursor: 'Not a page of the queue.' },
  });
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(key) || key[0] !== status) throw invalid;
  if (status === 'open') {
    const [, priority, dueAt, id] = key as unknown[];
    const due = new Date(String(dueAt));
    if (typeof priority !== 'number' || typeof id !== 'string' || Number.isNaN(due.getTime()))
      throw invalid;
    return { status, priority, dueAt: due, id };
  }
  const [, doneAt, id] = key as unknown[];
  const done = new Date(String(doneAt));
  if (typeof id !== 'string' || Number.isNaN(done.getTime())) throw invalid;
  return { status, doneAt: done, id };
}

/** The item as the audit log keeps it. */
export function auditedState(row: WorkItemRow) {
  return {
    kind: row.kind,
    refId: row.refId,
    status: row.status,
    claimedBy: row.claimedBy,
    outcome: row.outcome,
  };
}

export function createWorkQueue(deps: WorkQueueDeps) {
  const { items, sources, audit } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireItem(id: string): Promise<WorkItemView> {
    const view = await items.find(id);
    if (!view) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    return view;
  }

  /** Why a claim failed: the item is gone, done, or held by someone else. */
  function claimConflict(view: WorkItemView): AppError {
    if (view.row.status === 'done')
      return new AppError(
        'CONFLICT',
        `This item is done already${view.row.outcome ? ` (${view.row.outcome})` : ''}.`,
      );
    return new AppError(
      'CONFLICT',
      `${view.claimerEmail ?? 'Another agent'} holds this item${view.row.claimedAt ? ` since ${view.row.claimedAt.toISOString()}` : ''}.`,
    );
  }

  /** Takes the item for the actor (atomically); no audit event: the caller records its action. */
  async function take(actor: StaffActor, id: string): Promise<WorkItemRow> {
    const view = await requireItem(id);
    const claimed = await items.claim(id, actor.userId, now());
    if (claimed) return claimed;
    throw claimConflict((await items.find(id)) ?? view);
  }

  return {
    requireItem,
    take,

    /**
     * Closes the items whose record no longer needs work, then makes an item for each record that needs
     * one, with the priority and due time of the creator's plan now.
     */
    async sync(): Promise<{ made: number; closed: number }> {
      const at = now();
      const closed = await sources.closeResolved(at, RESOLVED_ELSEWHERE);
      const candidates = await sources.candidates(SYNC_BATCH);
      const plans = await sources.plansOf([...new Set(candidates.flatMap((c) => c.userIds))]);
      const rows: NewWorkItemRow[] = [];
      for (const candidate of candidates) {
        // A delisting file holds many creators' addresses: it is as urgent as the most urgent of them.
        const [first, ...others] = candidate.userIds.map((userId) => {
          const state = plans.get(userId);
          const plan = state ? servicePlanOf(state) : 'none';
          return { userId, plan };
        });
        if (!first) continue;
        const chosen = others.reduce(
          (best, next) => (PLAN_PRIORITY[next.plan] < PLAN_PRIORITY[best.plan] ? next : best),
          first,
        );
        const level = serviceLevel(chosen.plan, deps.slaHours, candidate.arrivedAt);
        rows.push({
          kind: candidate.kind,
          refId: candidate.refId,
          reason: candidate.reason,
          userId: chosen.userId,
          plan: chosen.plan === 'none' ? null : chosen.plan,
          priority: level.priority,
          dueAt: level.dueAt,
          host: hostOf(candidate.url),
          title: candidate.title.slice(0, 500),
          createdAt: at,
        });
      }
      const made = await items.insert(rows);
      return { made, closed };
    },

    async list(staffUserId: string, query: WorkQueueFilter): Promise<WorkQueuePage> {
      const status = query.status ?? 'open';
      const limit = query.limit ?? WORK_QUEUE_PAGE_SIZE;
      const at = now();
      const rows = await items.page(
        { ...query, status, staffUserId, now: at },
        query.cursor ? decodeCursor(query.cursor, status) : null,
        limit + 1,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((view) => toWorkItem(view, at)),
        nextCursor: rows.length > limit && last ? encodeCursor(last.row) : null,
      };
    },

    async counts(staffUserId: string): Promise<WorkQueueCounts> {
      const { byKind, mine } = await items.counts(staffUserId, now());
      return {
        kinds: WORK_ITEM_KINDS.map((kind) => {
          const found = byKind.find((c) => c.kind === kind);
          return { kind, open: found?.open ?? 0, overdue: found?.overdue ?? 0 };
        }),
        mine,
      };
    },

    async claim(actor: StaffActor, id: string): Promise<WorkItem> {
      const before = await requireItem(id);
      const row = await take(actor, id);
      if (before.row.claimedBy !== actor.userId)
        await audit.record(actor, {
          action: 'work.claim',
          targetType: 'work_item',
          targetId: id,
          subjectUserId: row.userId,
          before: auditedState(before.row),
          after: auditedState(row),
        });
      return toWorkItem(await requireItem(id), now());
    },

    /** Lets an item go: its holder may, and an admin may for anyone. */
    async release(actor: StaffActor, role: StaffRole, id: string): Promise<WorkItem> {
      const before = await requireItem(id);
      if (before.row.status === 'done') throw claimConflict(before);
      if (!before.row.claimedBy) throw new AppError('CONFLICT', 'Nobody holds this item.');
      const mayForce = role === 'admin';
      if (before.row.claimedBy !== actor.userId && !mayForce)
        throw new AppError(
          'CONFLICT',
          `${before.claimerEmail ?? 'Another agent'} holds this item; only they or an admin can release it.`,
        );
      const row = await items.release(id, mayForce ? null : actor.userId);
      if (!row) throw claimConflict((await items.find(id)) ?? before);
      await audit.record(actor, {
        action: 'work.release',
        targetType: 'work_item',
        targetId: id,
        subjectUserId: row.userId,
        before: auditedState(before.row),
        after: auditedState(row),
      });
      return toWorkItem(await requireItem(id), now());
    },
  };
}

export type WorkQueue = ReturnType<typeof createWorkQueue>;
