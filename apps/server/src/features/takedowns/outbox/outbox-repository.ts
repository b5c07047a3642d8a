// outbox_message rows: claimed before a send (pending → sending, with a claim that expires when its
// worker dies), counted per recipient for the hourly limit, marked sent (with the takedowns moved to
// notice_sent) right after the mail server accepts, or put back with a backoff after a failure.
import { and, asc, eq, gt, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { notice, noticeItem, outboxMessage, takedown } from '@shark/db/schema.ts';
import { responseDueAt } from '#server/features/takedowns/opening/legal-basis.ts';
import { transitionTakedown } from '#server/features/takedowns/opening/takedown-transition-repository.ts';

export type OutboxRow = typeof outboxMessage.$inferSelect;

/** Arbitrary first key of the advisory lock that serialises claims of one recipient (its hourly limit). */
const OUTBOX_LOCK = 7_241_302;
const HOUR_MS = 3600_000;

export type ClaimResult =
  | { kind: 'claimed'; row: OutboxRow; wasInterrupted: boolean }
  | { kind: 'deferred'; until: Date }
  | { kind: 'skipped'; reason: string };

export interface ClaimOptions {
  now: Date;
  claimSeconds: number;
  ratePerHour: number;
}

export function createOutboxRepository(db: Database) {
  return {
    /** The composed notice a message sends. */
    async noticeOf(noticeId: string) {
      const [row] = await db.select().from(notice).where(eq(notice.id, noticeId));
      return row;
    },

    async find(id: string): Promise<OutboxRow | undefined> {
      const [row] = await db.select().from(outboxMessage).where(eq(outboxMessage.id, id));
      return row;
    },

    /**
     * Claims the message for one send: a pending one that is due, or one whose claim expired (its
     * worker died mid-send). Over the recipient's hourly limit it is deferred instead, untouched but
     * for its next attempt time: a deferral is not a failure.
     */
    async claim(id: string, options: ClaimOptions): Promise<ClaimResult> {
      const { now } = options;
      return db.transaction(async (tx): Promise<ClaimResult> => {
        const [row] = await tx
          .select()
          .from(outboxMessage)
          .where(eq(outboxMessage.id, id))
          .for('update');
        if (!row) return { kind: 'skipped', reason: 'no such message' };
        const isDue = row.status === 'pending' && row.nextAttemptAt <= now;
        const isInterrupted =
          row.status === 'sending' && row.claimedUntil !== null && row.claimedUntil <= now;
        if (!isDue && !isInterrupted)
          return { kind: 'skipped', reason: `message is ${row.status}` };

        await tx.execute(
          sql`select pg_advisory_xact_lock(${OUTBOX_LOCK}, hashtext(${row.recipientKey}))`,
        );
        const windowStart = new Date(now.getTime() - HOUR_MS);
        const recent = await tx
          .select({ sentAt: outboxMessage.sentAt, status: outboxMessage.status })
          .from(outboxMessage)
          .where(
            and(
              eq(outboxMessage.recipientKey, row.recipientKey),
              ne(outboxMessage.id, row.id),
              or(
                and(eq(outboxMessage.status, 'sent'), gt(outboxMessage.sentAt, windowStart)),
                and(eq(outboxMessage.status, 'sending'), gt(outboxMessage.claimedUntil, now)),
              ),
            ),
          )
          .orderBy(asc(outboxMessage.sentAt));
        if (recent.length >= options.ratePerHour) {
          const oldest = recent.find((r) => r.sentAt !== null)?.sentAt;
          // The hour frees a slot when its oldest send leaves the window; a send still under way frees one soon.
          const until = oldest
            ? new Date(oldest.getTime() + HOUR_MS)
            : new Date(now.getTime() + 60_000);
          await tx
            .update(outboxMessage)
            .set({
              status: 'pending',
              claimedUntil: null,
              nextAttemptAt: until,
              lastError: `Waiting: ${recent.length} notices went to ${row.recipientKey} within the last hour (limit ${options.ratePerHour}); sent after ${until.toISOString()}.`,
            })
            .where(eq(outboxMessage.id, row.id));
          return { kind: 'deferred', until };
        }
        const [claimed] = await tx
          .update(outboxMessage)
          .set({
            status: 'sending',
            claimedUntil: new Date(now.getTime() + options.claimSeconds * 1000),
            attempts: row.attempts + 1,
            ...(isInterrupted
              ? {
                  lastError:
                    'The worker sending it stopped before the mail server answered; sent again with the same Message-ID.',
                }
              : {}),
          })
          .where(eq(outboxMessage.id, row.id))
          .returning();
        return { kind: 'claimed', row: claimed!, wasInterrupted: isInterrupted };
      });
    },

    /** Keeps a claim alive while its send is under way. */
    async extendClaim(id: string, until: Date): Promise<void> {
      await db
        .update(outboxMessage)
        .set({ claimedUntil: until })
        .where(and(eq(outboxMessage.id, id), eq(outboxMessage.status, 'sending')));
    },

    /**
     * Marks the message sent and moves the notice's takedowns to notice_sent, in one transaction. The
     * ids of the takedowns moved (one no longer waiting, removed meanwhile say, stays as it is).
     */
    async markSent(
      row: OutboxRow,
      at: Date,
      patch: { responseDueAt: Date; nextCheckAt: Date },
      detail: string,
    ): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const [sent] = await tx
          .update(outboxMessage)
          .set({ status: 'sent', sentAt: at, claimedUntil: null, lastError: null })
          .where(and(eq(outboxMessage.id, row.id), eq(outboxMessage.status, 'sending')))
          .returning({ id: outboxMessage.id });
        if (!sent) return null;
        return moveToNoticeSent(tx, row.noticeId, at, patch, detail);
      });
    },

    /** Deletes the notice of a message this worker holds (its takedowns wait again); the PDF's key. */
    async discard(row: OutboxRow): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [held] = await tx
          .select({ id: outboxMessage.id })
          .from(outboxMessage)
          .where(and(eq(outboxMessage.id, row.id), eq(outboxMessage.status, 'sending')))
          .for('update');
        if (!held) return null;
        const [deleted] = await tx
          .delete(notice)
          .where(eq(notice.id, row.noticeId))
          .returning({ pdfKey: notice.pdfKey });
        return deleted?.pdfKey ?? null;
      });
    },

    /** Puts a failed send back (or fails it for good); the attempt was counted when it was claimed. */
    async markFailed(row: OutboxRow, error: string, retryAt: Date | null): Promise<void> {
      await db
        .update(outboxMessage)
        .set(
          retryAt
            ? { status: 'pending', claimedUntil: null, nextAttemptAt: retryAt, lastError: error }
            : { status: 'failed', claimedUntil: null, lastError: error },
        )
        .where(and(eq(outboxMessage.id, row.id), eq(outboxMessage.status, 'sending')));
    },

    /** Messages due, or whose claim has expired (their worker died mid-send). */
    async due(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: outboxMessage.id })
        .from(outboxMessage)
        .where(
          or(
            and(eq(outboxMessage.status, 'pending'), lte(outboxMessage.nextAttemptAt, now)),
            and(eq(outboxMessage.status, 'sending'), lte(outboxMessage.claimedUntil, now)),
          ),
        )
        .orderBy(asc(outboxMessage.nextAttemptAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * On the embedded database only this process writes: a claim it did not make (last written before
     * it started, so ending before start + claim) belongs to the run that crashed, and expires now
     * instead of after its full claim. Claims this process makes or extends end later than that.
     */
    async expireClaimsBefore(processStartedAt: Date, claimSeconds: number): Promise<number> {
      const rows = await db
        .update(outboxMessage)
        .set({ claimedUntil: processStartedAt })
        .where(
          and(
            eq(outboxMessage.status, 'sending'),
            lt(
              outboxMessage.claimedUntil,
              new Date(processStartedAt.getTime() + claimSeconds * 1000),
            ),
          ),
        )
        .returning({ id: outboxMessage.id });
      return rows.length;
    },
  };
}

/**
 * The notice's takedowns go to notice_sent (from confirmed, or escalated for a later recipient), with
 * their response window (the statute's 48 hours under TAKE IT DOWN) and first check. Shared by sent
 * e-mails and submitted forms.
 */
export async function moveToNoticeSent(
  tx: Database,
  noticeId: string,
  at: Date,
  patch: { responseDueAt: Date; nextCheckAt: Date },
  detail: string,
): Promise<string[]> {
  const items = await tx
    .select({
      takedownId: noticeItem.takedownId,
      level: notice.level,
      legalBasis: takedown.legalBasis,
    })
    .from(noticeItem)
    .innerJoin(notice, eq(notice.id, noticeItem.noticeId))
    .innerJoin(takedown, eq(takedown.id, noticeItem.takedownId))
    .where(eq(noticeItem.noticeId, noticeId));
  const moved: string[] = [];
  for (const item of items) {
    const row = await transitionTakedown(tx, item.takedownId, 'notice_sent', {
      from: ['confirmed', 'escalated'],
      patch: {
        ...patch,
        responseDueAt: responseDueAt(item.legalBasis, at, patch.responseDueAt),
      },
      detail,
      at,
    });
    if (row) moved.push(row.id);
  }
  return moved;
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
