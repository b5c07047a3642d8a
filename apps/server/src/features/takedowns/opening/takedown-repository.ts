// Takedown rows as enforcement opens and reads them: one per confirmed finding, its recipients by
// level, what a creator's takedown shows, and the sweeps' look-ups of work a crash left unsent.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  agentAuthorization,
  delistingBatch,
  delistingRequest,
  finding,
  formTask,
  notice,
  noticeItem,
  outboxMessage,
  takedown,
  takedownEvent,
  takedownRecipient,
} from '@shark/db/schema.ts';
import { openingBasis, type LegalBasis } from './legal-basis.ts';
import { recordTakedownOpened, type TakedownRow } from './takedown-transition-repository.ts';

export type TakedownRecipientRow = typeof takedownRecipient.$inferSelect;
export type NewTakedownRecipientRow = typeof takedownRecipient.$inferInsert;
type FindingRow = typeof finding.$inferSelect;

/** Findings that open a takedown once confirmed (a confirmed mention is taken down as a leak of its page). */
export const ENFORCED_FINDING_KINDS = ['leak', 'mention', 'impersonation', 'likeness'] as const;

/** Confirmed findings of an enforced kind; a likeness only once it is said what it is (the law to invoke). */
const isEnforceable = and(
  inArray(finding.kind, [...ENFORCED_FINDING_KINDS]),
  or(ne(finding.kind, 'likeness'), isNotNull(finding.likenessNature)),
);

/** Why a takedown closed because its finding was whitelisted or rejected before any notice went out. */
export const WITHDRAWN_REASON = 'withdrawn';

/** Statuses in which a takedown waits for a notice to its current recipient. */
export const WAITING_STATUSES = ['confirmed', 'escalated'] as const;

/** No notice has been composed for the takedown's current recipient yet. */
export const noNoticeAtLevel = sql`not exists (select 1 from ${noticeItem} ni join ${notice} n on n.id = ni.notice_id where ni.takedown_id = ${takedown.id} and n.level = ${takedown.level})`;

/** The user has signed an authorisation she has not revoked. */
const hasActiveAuthorization = sql`exists (select 1 from ${agentAuthorization} a where a.user_id = ${takedown.userId} and a.revoked_at is null)`;

/** Joins a takedown to its recipient at the level it has reached (one per level). */
const recipientAtCurrentLevel = and(
  eq(takedownRecipient.takedownId, takedown.id),
  eq(takedownRecipient.level, takedown.level),
);

/** The takedowns, narrowed by `scope`, that wait for a notice at their current level. */
function waitingForNotice(scope: SQL): SQL | undefined {
  return and(scope, inArray(takedown.status, [...WAITING_STATUSES]), noNoticeAtLevel);
}

const NATURE_WORDS = {
  own_content: 'her own content, taken down as a leak',
  forgery: 'a forgery of her likeness',
  intimate_without_consent: 'intimate content of her shared without her consent',
} as const;

/** The opening event's words: who confirmed it, and how it is taken down. */
function openedDetail(row: FindingRow, how: string): string {
  if (row.kind === 'mention') return `${how}; taken down as a leak of the page that names her`;
  if (row.kind === 'likeness' && row.likenessNature)
    return `${how}: ${NATURE_WORDS[row.likenessNature]}`;
  return how;
}

function hostOf(pageUrl: string): string {
  try {
    return new URL(pageUrl).hostname.replace(/\.$/, '').toLowerCase();
  } catch {
    return pageUrl.slice(0, 200);
  }
}

export function createTakedownRepository(db: Database) {
  return {
    /**
     * The findings among `ids` that are confirmed and have no takedown yet, or only one closed as
     * withdrawn before any notice (which a new confirmation replaces).
     */
    async findingsToOpen(userId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          finding,
          existing: {
            id: takedown.id,
            status: takedown.status,
            closedReason: takedown.closedReason,
            noticeSentAt: takedown.noticeSentAt,
          },
        })
        .from(finding)
        .leftJoin(takedown, eq(takedown.findingId, finding.id))
        .where(
          and(
            eq(finding.userId, userId),
            inArray(finding.id, ids),
            eq(finding.status, 'confirmed'),
            isEnforceable,
            or(
              isNull(takedown.id),
              and(
                eq(takedown.status, 'closed'),
                eq(takedown.closedReason, WITHDRAWN_REASON),
                isNull(takedown.noticeSentAt),
              ),
            ),
          ),
        );
    },

    /**
     * Opens the finding's takedown (status confirmed, with its first event) unless another process
     * opened it first; a takedown withdrawn before any notice is replaced. The new row, or null.
     */
    async open(row: FindingRow, replacing: string | null, at: Date): Promise<TakedownRow | null> {
      return db.transaction(async (tx) => {
        if (replacing) {
          await tx
            .delete(takedown)
            .where(
              and(
                eq(takedown.id, replacing),
                eq(takedown.status, 'closed'),
                eq(takedown.closedReason, WITHDRAWN_REASON),
                isNull(takedown.noticeSentAt),
              ),
            );
        }
        const [inserted] = await tx
          .insert(takedown)
          .values({
            id: randomUUID(),
            userId: row.userId,
            findingId: row.id,
            kind: row.kind === 'impersonation' || row.kind === 'likeness' ? row.kind : 'leak',
            legalBasis: openingBasis(row),
            pageUrl: row.pageUrl,
            normalizedUrl: row.normalizedUrl,
            host: hostOf(row.pageUrl),
            siteId: row.siteId,
            siteKind: row.siteKind,
            status: 'confirmed',
            confirmedAt: at,
          })
          .onConflictDoNothing({ target: takedown.findingId })
          .returning();
        if (!inserted) return null;
        const how =
          row.reviewedBy === 'creator'
            ? 'Confirmed by the creator'
            : 'Confirmed automatically (a sure match)';
        await recordTakedownOpened(tx, inserted, openedDetail(row, how));
        return inserted;
      });
    },

    /** Sets the law a takedown's notices invoke (decided once its recipients are known). */
    async setLegalBasis(takedownId: string, basis: LegalBasis): Promise<void> {
      await db.update(takedown).set({ legalBasis: basis }).where(eq(takedown.id, takedownId));
    },

    /** The takedowns of these findings still in `confirmed` (no notice sent). */
    async confirmedOfFindings(userId: string, findingIds: string[]): Promise<TakedownRow[]> {
      if (findingIds.length === 0) return [];
      return db
        .select()
        .from(takedown)
        .where(
          and(
            eq(takedown.userId, userId),
            inArray(takedown.findingId, findingIds),
            eq(takedown.status, 'confirmed'),
          ),
        );
    },

    async find(id: string): Promise<TakedownRow | undefined> {
      const [row] = await db.select().from(takedown).where(eq(takedown.id, id));
      return row;
    },

    async findOwned(userId: string, id: string): Promise<TakedownRow | undefined> {
      const [row] = await db
        .select()
        .from(takedown)
        .where(and(eq(takedown.id, id), eq(takedown.userId, userId)));
      return row;
    },

    async findingOf(row: TakedownRow): Promise<FindingRow | undefined> {
      const [found] = await db.select().from(finding).where(eq(finding.id, row.findingId));
      return found;
    },

    async recipients(takedownId: string): Promise<TakedownRecipientRow[]> {
      return db
        .select()
        .from(takedownRecipient)
        .where(eq(takedownRecipient.takedownId, takedownId))
        .orderBy(asc(takedownRecipient.level));
    },

    /** Writes the recipients (a second run's rows are no-ops) and stamps the look-up's time. */
    async saveRecipients(
      takedownId: string,
      rows: NewTakedownRecipientRow[],
      at: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (rows.length > 0) await tx.insert(takedownRecipient).values(rows).onConflictDoNothing();
        await tx
          .update(takedown)
          .set({ recipientsResolvedAt: at, updatedAt: at })
          .where(eq(takedown.id, takedownId));
      });
    },

    /** The address of the takedown's current recipient, when it waits for a notice to it. */
    async waitingAddressOf(
      takedownId: string,
    ): Promise<{ userId: string; address: string } | undefined> {
      const [row] = await db
        .select({ userId: takedown.userId, address: takedownRecipient.address })
        .from(takedown)
        .innerJoin(takedownRecipient, recipientAtCurrentLevel)
        .where(waitingForNotice(eq(takedown.id, takedownId)));
      return row;
    },

    /** The current recipients' addresses of the creator's takedowns that wait for a notice. */
    async waitingAddresses(userId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ address: takedownRecipient.address })
        .from(takedown)
        .innerJoin(takedownRecipient, recipientAtCurrentLevel)
        .where(waitingForNotice(eq(takedown.userId, userId)));
      return rows.map((row) => row.address);
    },

    /** How many of the creator's takedowns wait for a notice (recipients known or not). */
    async countWaiting(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(takedown)
        .where(waitingForNotice(eq(takedown.userId, userId)));
      return row?.n ?? 0;
    },

    // --- Sweeps: work whose job was lost (a crash between a row's write and its job's send). ---

    /** Confirmed findings with no takedown. */
    async confirmedFindingsWithoutTakedown(
      limit: number,
    ): Promise<{ userId: string; id: string }[]> {
      return db
        .select({ userId: finding.userId, id: finding.id })
        .from(finding)
        .leftJoin(takedown, eq(takedown.findingId, finding.id))
        .where(and(eq(finding.status, 'confirmed'), isEnforceable, isNull(takedown.id)))
        .limit(limit);
    },

    /** Takedowns whose recipients were never looked up, opened before `before`. */
    async unresolved(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: takedown.id })
        .from(takedown)
        .where(
          and(
            eq(takedown.status, 'confirmed'),
            isNull(takedown.recipientsResolvedAt),
            lt(takedown.createdAt, before),
          ),
        )
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** (user, address) pairs with takedowns waiting for a notice whose creator has signed. */
    async waitingWithAuthorization(limit: number): Promise<{ userId: string; address: string }[]> {
      return db
        .selectDistinct({ userId: takedown.userId, address: takedownRecipient.address })
        .from(takedown)
        .innerJoin(takedownRecipient, recipientAtCurrentLevel)
        .where(waitingForNotice(hasActiveAuthorization))
        .limit(limit);
    },

    // --- The creator's view of one takedown. ---

    async events(takedownId: string) {
      return db
        .select()
        .from(takedownEvent)
        .where(eq(takedownEvent.takedownId, takedownId))
        .orderBy(asc(takedownEvent.at), asc(takedownEvent.id));
    },

    async notices(takedownId: string) {
      const itemCount = sql<number>`(select count(*)::int from ${noticeItem} c where c.notice_id = ${notice.id})`;
      return db
        .select({ notice, outbox: outboxMessage, form: formTask, itemCount })
        .from(noticeItem)
        .innerJoin(notice, eq(notice.id, noticeItem.noticeId))
        .leftJoin(outboxMessage, eq(outboxMessage.noticeId, notice.id))
        .leftJoin(formTask, eq(formTask.noticeId, notice.id))
        .where(eq(noticeItem.takedownId, takedownId))
        .orderBy(asc(notice.createdAt), asc(notice.id));
    },

    async delisting(takedownId: string) {
      return db
        .select({ request: delistingRequest, batchDay: delistingBatch.day })
        .from(delistingRequest)
        .leftJoin(delistingBatch, eq(delistingBatch.id, delistingRequest.batchId))
        .where(eq(delistingRequest.takedownId, takedownId))
        .orderBy(asc(delistingRequest.engine));
    },

    /** The notice, when it names this takedown of this creator. */
    async noticeOf(userId: string, takedownId: string, noticeId: string) {
      const [row] = await db
        .select({ notice })
        .from(noticeItem)
        .innerJoin(notice, eq(notice.id, noticeItem.noticeId))
        .where(
          and(
            eq(noticeItem.takedownId, takedownId),
            eq(noticeItem.noticeId, noticeId),
            eq(noticeItem.userId, userId),
          ),
        );
      return row?.notice;
    },
  };
}

export type TakedownRepository = ReturnType<typeof createTakedownRepository>;
