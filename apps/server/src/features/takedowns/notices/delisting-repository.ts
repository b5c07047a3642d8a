// The delisting tables: requests per takedown and engine, and the daily batches they go out in.
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  agentAuthorization,
  delistingBatch,
  delistingRequest,
  finding,
  noticeItem,
  notice,
  protectedAccount,
  referenceFile,
  takedown,
  user,
} from '@shark/db/schema.ts';
import { MAX_DELISTING_ROWS, type SearchEngine } from '@shark/engine/notices/delisting-batch.ts';
import { contentItemsOfFiles } from '#server/features/takedowns/opening/works-repository.ts';

export { SEARCH_ENGINES } from '@shark/db/schema.ts';

/** Arbitrary first key of the advisory lock that serialises the writing of one engine's day. */
const DELISTING_LOCK = 7_241_303;

export type DelistingBatchRow = typeof delistingBatch.$inferSelect;

/** What writing one engine's file of a day reads and writes, inside its transaction. */
function dayWriter(tx: Database, engine: SearchEngine, day: string) {
  return {
    async existingBatch(): Promise<DelistingBatchRow | undefined> {
      const [existing] = await tx
        .select()
        .from(delistingBatch)
        .where(and(eq(delistingBatch.engine, engine), eq(delistingBatch.day, day)));
      return existing;
    },

    /** Requests created before `dayEnd` still queued, of creators whose authorisation stands. */
    queuedRequests(dayEnd: Date) {
      const firstNotice = sql<
        string | null
      >`(select n.id from ${noticeItem} ni join ${notice} n on n.id = ni.notice_id where ni.takedown_id = ${takedown.id} order by n.created_at, n.id limit 1)`;
      return tx
        .select({
          id: delistingRequest.id,
          userId: delistingRequest.userId,
          url: delistingRequest.url,
          referenceFileId: finding.referenceFileId,
          referenceName: referenceFile.originalName,
          referenceUploadedAt: referenceFile.createdAt,
          noticeId: firstNotice,
          legalName: agentAuthorization.legalName,
          brandId: agentAuthorization.brandId,
          userName: user.name,
        })
        .from(delistingRequest)
        .innerJoin(takedown, eq(takedown.id, delistingRequest.takedownId))
        .innerJoin(finding, eq(finding.id, takedown.findingId))
        .leftJoin(referenceFile, eq(referenceFile.id, finding.referenceFileId))
        .innerJoin(
          agentAuthorization,
          and(
            eq(agentAuthorization.userId, delistingRequest.userId),
            isNull(agentAuthorization.revokedAt),
          ),
        )
        .innerJoin(user, eq(user.id, delistingRequest.userId))
        .where(
          and(
            eq(delistingRequest.engine, engine),
            eq(delistingRequest.status, 'queued'),
            lt(delistingRequest.createdAt, dayEnd),
          ),
        )
        .orderBy(asc(delistingRequest.createdAt), asc(delistingRequest.id))
        .limit(MAX_DELISTING_ROWS);
    },

    contentItemsOfFiles: (fileIds: string[]) => contentItemsOfFiles(tx, fileIds),

    /** Each creator's first profile address (current accounts before old ones, oldest first). */
    async profileUrls(userIds: string[]): Promise<Map<string, string>> {
      const profiles = new Map<string, string>();
      if (userIds.length === 0) return profiles;
      const accounts = await tx
        .select({ userId: protectedAccount.userId, url: protectedAccount.profileUrl })
        .from(protectedAccount)
        .where(inArray(protectedAccount.userId, userIds))
        .orderBy(asc(protectedAccount.isOld), asc(protectedAccount.createdAt));
      for (const account of accounts)
        if (!profiles.has(account.userId)) profiles.set(account.userId, account.url);
      return profiles;
    },

    /** Writes the batch and marks its requests batched. */
    async insertBatch(
      batch: { id: string; fileKey: string | null; included: string[] },
      at: Date,
    ): Promise<DelistingBatchRow> {
      const [row] = await tx
        .insert(delistingBatch)
        .values({
          id: batch.id,
          engine,
          day,
          fileKey: batch.fileKey,
          urlCount: batch.included.length,
        })
        .returning();
      if (batch.included.length > 0) {
        await tx
          .update(delistingRequest)
          .set({ status: 'batched', batchId: batch.id, updatedAt: at })
          .where(
            and(
              inArray(delistingRequest.id, batch.included),
              eq(delistingRequest.status, 'queued'),
            ),
          );
      }
      return row!;
    },
  };
}

export type DelistingDayWriter = ReturnType<typeof dayWriter>;

export function createDelistingRepository(db: Database) {
  return {
    async findBatch(id: string): Promise<DelistingBatchRow | undefined> {
      const [row] = await db.select().from(delistingBatch).where(eq(delistingBatch.id, id));
      return row;
    },

    /** Runs `work` in one transaction holding the lock of one engine's day. */
    writeDay<T>(
      engine: SearchEngine,
      day: string,
      work: (writer: DelistingDayWriter) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${DELISTING_LOCK}, hashtext(${`${engine} ${day}`}))`,
        );
        return work(dayWriter(tx, engine, day));
      });
    },

    async enginesBatched(day: string): Promise<SearchEngine[]> {
      const rows = await db
        .select({ engine: delistingBatch.engine })
        .from(delistingBatch)
        .where(eq(delistingBatch.day, day));
      return rows.map((row) => row.engine);
    },

    list(limit: number): Promise<DelistingBatchRow[]> {
      return db
        .select()
        .from(delistingBatch)
        .orderBy(desc(delistingBatch.day), asc(delistingBatch.engine))
        .limit(limit);
    },

    /** Marks the batch and its requests submitted; null when it was already. */
    markSubmitted(batchId: string, at: Date): Promise<DelistingBatchRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(delistingBatch)
          .set({ submittedAt: at })
          .where(and(eq(delistingBatch.id, batchId), isNull(delistingBatch.submittedAt)))
          .returning();
        if (!row) return null;
        await tx
          .update(delistingRequest)
          .set({ status: 'submitted', updatedAt: at })
          .where(
            and(eq(delistingRequest.batchId, batchId), eq(delistingRequest.status, 'batched')),
          );
        return row;
      });
    },
  };
}

export type DelistingRepository = ReturnType<typeof createDelistingRepository>;
