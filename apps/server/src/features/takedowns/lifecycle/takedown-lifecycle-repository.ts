// Takedown rows as verification and escalation read and write them: what a check needs, the result of a
// check (written only by the run that made it), the recipients by level, the sweeps' due lists, and the
// operator's full view of one takedown.
import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  FINDING_KINDS,
  finding,
  notice,
  noticeItem,
  outboxMessage,
  referenceFile,
  takedown,
  takedownEvent,
  takedownRecipient,
} from '@shark/db/schema.ts';
import type {
  TakedownRow,
  TakedownStatus,
} from '#server/features/takedowns/opening/takedown-transitions.ts';

/** Statuses in which the URL is checked on its schedule (open, whatever the recipients said). */
export const CHECKED_STATUSES = [
  'confirmed',
  'notice_sent',
  'no_response',
  'rejected',
  'escalated',
] as const satisfies readonly TakedownStatus[];
/** Statuses the escalation moves on: no answer, a refusal. */
export const ESCALATED_FROM = [
  'no_response',
  'rejected',
] as const satisfies readonly TakedownStatus[];

export type RecipientRow = typeof takedownRecipient.$inferSelect;

export interface CheckSubject {
  takedown: TakedownRow;
  finding: {
    id: string;
    kind: (typeof FINDING_KINDS)[number];
    referenceFileId: string | null;
    referenceName: string | null;
    mediaSha256: string | null;
    mediaUrl: string | null;
    siteId: string | null;
    platform: string | null;
    username: string | null;
  };
}

/** A page of a sweep: ordered by (time, id), continued after the last one. */
export interface DueCursor {
  at: Date;
  id: string;
}

export function createTakedownLifecycleRepository(db: Database) {
  return {
    async find(takedownId: string): Promise<TakedownRow | undefined> {
      const [row] = await db.select().from(takedown).where(eq(takedown.id, takedownId));
      return row;
    },

    /** The takedown with the evidence of its finding. */
    async checkSubject(takedownId: string): Promise<CheckSubject | undefined> {
      const [row] = await db
        .select({
          takedown,
          finding: {
            id: finding.id,
            kind: finding.kind,
            referenceFileId: finding.referenceFileId,
            referenceName: referenceFile.originalName,
            mediaSha256: finding.mediaSha256,
            mediaUrl: finding.mediaUrl,
            siteId: finding.siteId,
            platform: finding.platform,
            username: finding.username,
          },
        })
        .from(takedown)
        .innerJoin(finding, eq(finding.id, takedown.findingId))
        .leftJoin(referenceFile, eq(referenceFile.id, finding.referenceFileId))
        .where(eq(takedown.id, takedownId));
      return row;
    },

    /**
     * Writes what a check saw, only if no other run recorded this check first and the takedown is still
     * checked (a run of the same job twice writes once). Returns whether it was written.
     */
    async recordCheck(
      takedownId: string,
      checkCountBefore: number,
      patch: {
        checkCount: number;
        lastCheckedAt: Date;
        lastCheckResult: string;
        nextCheckAt: Date | null;
      },
    ): Promise<boolean> {
      const rows = await db
        .update(takedown)
        .set({ ...patch, updatedAt: patch.lastCheckedAt })
        .where(
          and(
            eq(takedown.id, takedownId),
            eq(takedown.checkCount, checkCountBefore),
            inArray(takedown.status, [...CHECKED_STATUSES]),
          ),
        )
        .returning({ id: takedown.id });
      return rows.length > 0;
    },

    async recipientAt(takedownId: string, level: number): Promise<RecipientRow | undefined> {
      const [row] = await db
        .select()
        .from(takedownRecipient)
        .where(
          and(eq(takedownRecipient.takedownId, takedownId), eq(takedownRecipient.level, level)),
        );
      return row;
    },

    /** Takedowns whose next check is due, oldest first. */
    async dueForCheck(
      now: Date,
      after: DueCursor | null,
      limit: number,
    ): Promise<{ id: string; checkCount: number; cursor: DueCursor }[]> {
      const conditions: SQL[] = [
        inArray(takedown.status, [...CHECKED_STATUSES]),
        isNotNull(takedown.nextCheckAt),
        lte(takedown.nextCheckAt, now),
      ];
      if (after)
        conditions.push(
          sql`(${takedown.nextCheckAt}, ${takedown.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`,
        );
      const rows = await db
        .select({ id: takedown.id, checkCount: takedown.checkCount, at: takedown.nextCheckAt })
        .from(takedown)
        .where(and(...conditions))
        .orderBy(asc(takedown.nextCheckAt), asc(takedown.id))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        checkCount: r.checkCount,
        cursor: { at: r.at!, id: r.id },
      }));
    },

    /** Takedowns the escalation has work on: a response window passed, a recipient that refused or did not answer. */
    async dueForEscalation(now: Date, after: string | null, limit: number): Promise<string[]> {
      const due = or(
        and(
          eq(takedown.status, 'notice_sent'),
          isNotNull(takedown.responseDueAt),
          lte(takedown.responseDueAt, now),
        ),
        inArray(takedown.status, [...ESCALATED_FROM]),
      )!;
      const rows = await db
        .select({ id: takedown.id })
        .from(takedown)
        .where(after ? and(due, gt(takedown.id, after)) : due)
        .orderBy(asc(takedown.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async events(takedownId: string) {
      return db
        .select()
        .from(takedownEvent)
        .where(eq(takedownEvent.takedownId, takedownId))
        .orderBy(asc(takedownEvent.at), asc(takedownEvent.id));
    },

    async recipients(takedownId: string): Promise<RecipientRow[]> {
      return db
        .select()
        .from(takedownRecipient)
        .where(eq(takedownRecipient.takedownId, takedownId))
        .orderBy(asc(takedownRecipient.level));
    },

    /** The notices naming the takedown, with their delivery (e-mail) when there is one. */
    async notices(takedownId: string) {
      return db
        .select({
          notice: {
            id: notice.id,
            kind: notice.kind,
            level: notice.level,
            role: notice.role,
            recipientName: notice.recipientName,
            channelKind: notice.channelKind,
            address: notice.address,
            subject: notice.subject,
            createdAt: notice.createdAt,
          },
          delivery: {
            status: outboxMessage.status,
            attempts: outboxMessage.attempts,
            sentAt: outboxMessage.sentAt,
            lastError: outboxMessage.lastError,
          },
        })
        .from(noticeItem)
        .innerJoin(notice, eq(notice.id, noticeItem.noticeId))
        .leftJoin(outboxMessage, eq(outboxMessage.noticeId, notice.id))
        .where(eq(noticeItem.takedownId, takedownId))
        .orderBy(asc(notice.createdAt), asc(notice.id));
    },

    async findingOf(takedownId: string) {
      const [row] = await db
        .select({
          id: finding.id,
          kind: finding.kind,
          pageUrl: finding.pageUrl,
          status: finding.status,
          reuploadOfFindingId: finding.reuploadOfFindingId,
        })
        .from(takedown)
        .innerJoin(finding, eq(finding.id, takedown.findingId))
        .where(eq(takedown.id, takedownId));
      return row;
    },
  };
}

export type TakedownLifecycleRepository = ReturnType<typeof createTakedownLifecycleRepository>;
