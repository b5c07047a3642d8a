// Notice rows: what a notice is made from (the waiting takedowns of one creator for one recipient, with
// their findings and works), the notice written with its items and its delivery (an outbox message or a
// form task) in one transaction, and the discarding of notices not sent yet.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  delistingRequest,
  finding,
  formTask,
  notice,
  noticeItem,
  outboxMessage,
  protectedAccount,
  referenceFile,
  SEARCH_ENGINES,
  takedown,
  takedownRecipient,
  user,
} from '@shark/db/schema.ts';
import {
  authorizationQueriesOn,
  type AuthorizationQueries,
} from '#server/features/takedowns/agent-authorization/agent-authorization-repository.ts';
import type { TakedownRow } from '#server/features/takedowns/opening/takedown-transitions.ts';
import {
  createTakedownTransitions,
  type TakedownTransitions,
} from '#server/features/takedowns/opening/takedown-transition-repository.ts';
import {
  noNoticeAtLevel,
  WAITING_STATUSES,
  type TakedownRecipientRow,
} from '#server/features/takedowns/opening/takedown-repository.ts';
import { contentItemsOfFiles } from '#server/features/takedowns/opening/works-repository.ts';
import type { WorkInfo } from '#server/features/takedowns/opening/works.ts';

export type NoticeRow = typeof notice.$inferSelect;
export type NewNoticeRow = typeof notice.$inferInsert;
type FindingRow = typeof finding.$inferSelect;

/** Arbitrary first key of the advisory lock that serialises notices of one creator to one address. */
const NOTICE_LOCK = 7_241_301;

export interface NoticeCandidate {
  takedown: TakedownRow;
  recipient: TakedownRecipientRow;
  finding: FindingRow;
  work: WorkInfo;
  /** The recipient asked before (level − 1), for an escalated notice. */
  previousRecipient: string | null;
}

export interface NewNoticeWrite {
  notice: NewNoticeRow;
  takedownIds: string[];
  delivery:
    | { kind: 'email'; outboxId: string; messageId: string }
    | {
        kind: 'form';
        taskId: string;
        formUrl: string;
        /** The site's own form fields with what to paste in each, when its page was read. */
        fields?: unknown;
      };
  /** Leak takedowns that get delisting requests (once per takedown and engine). */
  delist: { takedownId: string; url: string }[];
}

export type NoticeQueries = ReturnType<typeof queries>;

/** What else a notice transaction may do, bound to it: move takedowns, sign and revoke authorisations. */
export interface NoticeUnitOfWork {
  transitions: TakedownTransitions;
  authorizations: AuthorizationQueries;
}

function unitOfWork(tx: Database): NoticeUnitOfWork {
  return {
    transitions: createTakedownTransitions(tx),
    authorizations: authorizationQueriesOn(tx),
  };
}

function queries(db: Database) {
  return {
    /** The creator's takedowns waiting for a notice to this address, oldest first. */
    async candidates(userId: string, address: string, limit: number): Promise<NoticeCandidate[]> {
      const rows = await db
        .select({
          takedown,
          recipient: takedownRecipient,
          finding,
          referenceName: referenceFile.originalName,
          referenceUploadedAt: referenceFile.createdAt,
        })
        .from(takedown)
        .innerJoin(
          takedownRecipient,
          and(
            eq(takedownRecipient.takedownId, takedown.id),
            eq(takedownRecipient.level, takedown.level),
          ),
        )
        .innerJoin(finding, eq(finding.id, takedown.findingId))
        .leftJoin(referenceFile, eq(referenceFile.id, finding.referenceFileId))
        .where(
          and(
            eq(takedown.userId, userId),
            eq(takedownRecipient.address, address),
            inArray(takedown.status, [...WAITING_STATUSES]),
            noNoticeAtLevel,
          ),
        )
        .orderBy(asc(takedown.level), asc(takedown.confirmedAt), asc(takedown.id))
        .limit(limit);
      if (rows.length === 0) return [];

      const items = await contentItemsOfFiles(
        db,
        rows.flatMap((row) => (row.finding.referenceFileId ? [row.finding.referenceFileId] : [])),
      );

      const escalated = rows.filter((row) => row.takedown.level > 0);
      const previous = new Map<string, string>();
      if (escalated.length > 0) {
        const earlier = await db
          .select({
            takedownId: takedownRecipient.takedownId,
            level: takedownRecipient.level,
            name: takedownRecipient.name,
          })
          .from(takedownRecipient)
          .where(
            inArray(
              takedownRecipient.takedownId,
              escalated.map((row) => row.takedown.id),
            ),
          );
        for (const row of escalated) {
          const before = earlier.find(
            (r) => r.takedownId === row.takedown.id && r.level === row.takedown.level - 1,
          );
          if (before) previous.set(row.takedown.id, before.name);
        }
      }

      return rows.map((row) => ({
        takedown: row.takedown,
        recipient: row.recipient,
        finding: row.finding,
        work: {
          referenceName: row.referenceName,
          referenceUploadedAt: row.referenceUploadedAt,
          item: row.finding.referenceFileId
            ? (items.get(row.finding.referenceFileId) ?? null)
            : null,
        },
        previousRecipient: previous.get(row.takedown.id) ?? null,
      }));
    },

    /** Her name as the sign-up gave it, and her accounts' profile addresses (current ones first). */
    async creator(userId: string): Promise<{ name: string; profileUrls: string[] }> {
      const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
      const accounts = await db
        .select({ url: protectedAccount.profileUrl })
        .from(protectedAccount)
        .where(eq(protectedAccount.userId, userId))
        .orderBy(asc(protectedAccount.isOld), asc(protectedAccount.createdAt));
      return { name: row?.name ?? '', profileUrls: [...new Set(accounts.map((a) => a.url))] };
    },

    /** Writes one notice, its items, its delivery and the delisting requests. */
    async write(entry: NewNoticeWrite, at: Date): Promise<void> {
      const { notice: row, takedownIds, delivery } = entry;
      await db.insert(notice).values(row);
      await db
        .insert(noticeItem)
        .values(
          takedownIds.map((takedownId) => ({ noticeId: row.id, takedownId, userId: row.userId })),
        );
      if (delivery.kind === 'email') {
        await db.insert(outboxMessage).values({
          id: delivery.outboxId,
          noticeId: row.id,
          userId: row.userId,
          recipientKey: row.address.toLowerCase(),
          status: 'pending',
          messageId: delivery.messageId,
          nextAttemptAt: at,
        });
      } else {
        await db.insert(formTask).values({
          id: delivery.taskId,
          noticeId: row.id,
          userId: row.userId,
          formUrl: delivery.formUrl,
          fields: delivery.fields ?? null,
          status: 'open',
        });
      }
      const requests = entry.delist.flatMap(({ takedownId, url }) =>
        SEARCH_ENGINES.map((engine) => ({
          id: `${takedownId}:${engine}`,
          userId: row.userId,
          takedownId,
          engine,
          url,
          status: 'queued' as const,
          createdAt: at,
          updatedAt: at,
        })),
      );
      if (requests.length > 0)
        await db.insert(delistingRequest).values(requests).onConflictDoNothing();
    },

    /**
     * Deletes the creator's notices not sent yet (an e-mail still pending, a form task still open), or
     * only those naming one of `takedownIds`: their takedowns wait again and get a notice composed
     * anew. E-mails being sent are left alone. The outbox rows are locked first, so a sender cannot
     * claim one while it is deleted. Returns the PDFs to delete and the addresses concerned.
     */
    async discardUnsent(
      userId: string,
      takedownIds?: string[],
    ): Promise<{ pdfKeys: string[]; addresses: string[] }> {
      const naming = takedownIds
        ? (column: typeof outboxMessage.noticeId | typeof formTask.noticeId) =>
            sql`exists (select 1 from ${noticeItem} ni where ni.notice_id = ${column} and ni.takedown_id in ${takedownIds.length > 0 ? takedownIds : ['']})`
        : () => undefined;
      const emails = await db
        .select({ noticeId: outboxMessage.noticeId })
        .from(outboxMessage)
        .where(
          and(
            eq(outboxMessage.userId, userId),
            eq(outboxMessage.status, 'pending'),
            naming(outboxMessage.noticeId),
          ),
        )
        .for('update');
      const forms = await db
        .select({ noticeId: formTask.noticeId })
        .from(formTask)
        .where(
          and(eq(formTask.userId, userId), eq(formTask.status, 'open'), naming(formTask.noticeId)),
        )
        .for('update');
      const ids = [...new Set([...emails, ...forms].map((row) => row.noticeId))];
      if (ids.length === 0) return { pdfKeys: [], addresses: [] };
      const deleted = await db
        .delete(notice)
        .where(and(eq(notice.userId, userId), inArray(notice.id, ids)))
        .returning({ pdfKey: notice.pdfKey, address: notice.address });
      return {
        pdfKeys: deleted.flatMap((row) => (row.pdfKey ? [row.pdfKey] : [])),
        addresses: [...new Set(deleted.map((row) => row.address))],
      };
    },
  };
}

export function createNoticeRepository(db: Database) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction holding the lock of this creator and address. */
    async locked<T>(
      userId: string,
      address: string,
      work: (q: NoticeQueries, unit: NoticeUnitOfWork) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${NOTICE_LOCK}, hashtext(${`${userId} ${address}`}))`,
        );
        return work(queries(tx), unitOfWork(tx));
      });
    },
    /** Runs `work` in one transaction. */
    async transaction<T>(
      work: (q: NoticeQueries, unit: NoticeUnitOfWork) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => work(queries(tx), unitOfWork(tx)));
    },
  };
}

export type NoticeRepository = ReturnType<typeof createNoticeRepository>;
