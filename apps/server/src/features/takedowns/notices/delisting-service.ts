// Delisting from search engines: a request per leak takedown and engine (written with its first
// notice), batched once a day per engine into the CSV an operator uploads to the engine's bulk tool
// (`delisting.batch`), then marked submitted by the operator (`shark delisting submitted <batchId>`).
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
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
  SEARCH_ENGINES,
  takedown,
  user,
} from '@shark/db/schema.ts';
import {
  formatDelistingBatch,
  MAX_DELISTING_ROWS,
  type DelistingRow,
  type SearchEngine,
} from '@shark/engine/notices/delisting-batch.ts';
import { NoticeInputError } from '@shark/engine/notices/parse-input.ts';
import type { BrandRegistry } from '#server/config/brands.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Logger } from '#server/http/logger.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import { contentItemsOfFiles, noticeWorkOf } from '#server/features/takedowns/opening/works.ts';

/** Arbitrary first key of the advisory lock that serialises the writing of one engine's day. */
const DELISTING_LOCK = 7_241_303;
const DAY_MS = 24 * 3600_000;

export const delistingFileKeyOf = (engine: SearchEngine, day: string) =>
  `delisting/${engine}/${day}.csv`;

/** YYYY-MM-DD of a time, in UTC. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function isUtcDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && utcDay(new Date(`${day}T00:00:00Z`)) === day;
}

/** The day whose file is due at `now`: yesterday (UTC) once the batch hour has come, else the day before. */
export function dueDelistingDay(now: Date, batchHourUtc: number): string {
  const daysBack = now.getUTCHours() >= batchHourUtc ? 1 : 2;
  return utcDay(new Date(now.getTime() - daysBack * DAY_MS));
}

export interface DelistingBatchSummary {
  id: string;
  engine: SearchEngine;
  day: string;
  urls: number;
  fileKey: string | null;
  createdAt: string;
  submittedAt: string | null;
}

export interface DelistingServiceDeps {
  db: Database;
  storage: FileStorage;
  brands: BrandRegistry;
  logger: Logger;
  now?: () => Date;
}

export function createDelistingService(deps: DelistingServiceDeps) {
  const { db, storage, brands, logger } = deps;
  const now = deps.now ?? (() => new Date());

  const summary = (row: typeof delistingBatch.$inferSelect): DelistingBatchSummary => ({
    id: row.id,
    engine: row.engine,
    day: row.day,
    urls: row.urlCount,
    fileKey: row.fileKey,
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  });

  async function findBatch(id: string) {
    const [row] = await db.select().from(delistingBatch).where(eq(delistingBatch.id, id));
    if (!row)
      throw new AppError(
        'NOT_FOUND',
        `No delisting batch ${id.slice(0, 100)}. Run shark delisting list to see them.`,
      );
    return row;
  }

  /** Writes one engine's file of `day` in a transaction (under its lock); the batch, or null when there was one. */
  async function batchEngine(
    engine: SearchEngine,
    day: string,
  ): Promise<DelistingBatchSummary | null> {
    const dayEnd = new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS);
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${DELISTING_LOCK}, hashtext(${`${engine} ${day}`}))`,
      );
      const [existing] = await tx
        .select()
        .from(delistingBatch)
        .where(and(eq(delistingBatch.engine, engine), eq(delistingBatch.day, day)));
      if (existing) return null;

      const firstNotice = sql<
        string | null
      >`(select n.id from ${noticeItem} ni join ${notice} n on n.id = ni.notice_id where ni.takedown_id = ${takedown.id} order by n.created_at, n.id limit 1)`;
      // Requests of the day (and earlier ones left over), of creators whose authorisation stands.
      const found = await tx
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

      // A request whose notice was withdrawn before it went out waits for the next one.
      const rows = found.filter(
        (row): row is typeof row & { noticeId: string } => row.noticeId !== null,
      );
      const items = await contentItemsOfFiles(
        tx,
        rows.flatMap((row) => (row.referenceFileId ? [row.referenceFileId] : [])),
      );
      const userIds = [...new Set(rows.map((row) => row.userId))];
      const profiles = new Map<string, string>();
      if (userIds.length > 0) {
        const accounts = await tx
          .select({ userId: protectedAccount.userId, url: protectedAccount.profileUrl })
          .from(protectedAccount)
          .where(inArray(protectedAccount.userId, userIds))
          .orderBy(asc(protectedAccount.isOld), asc(protectedAccount.createdAt));
        for (const account of accounts)
          if (!profiles.has(account.userId)) profiles.set(account.userId, account.url);
      }

      // The engine's file names one owner per call: one part per creator, joined under one header.
      let header: string | null = null;
      const parts: string[] = [];
      const included: string[] = [];
      for (const userId of userIds) {
        const mine = rows.filter((row) => row.userId === userId);
        const first = mine[0]!;
        const brand = brands.get(first.brandId);
        const publicName = first.userName.trim() || first.legalName;
        const entries: DelistingRow[] = mine.map((row) => {
          const work = noticeWorkOf(
            {
              referenceName: row.referenceName,
              referenceUploadedAt: row.referenceUploadedAt,
              item: row.referenceFileId ? (items.get(row.referenceFileId) ?? null) : null,
            },
            publicName,
          );
          return {
            url: row.url,
            workTitle: work.title,
            workUrl: work.originalUrl,
            noticeId: row.noticeId,
          };
        });
        const defaultWorkUrl = profiles.get(userId);
        let formatted;
        try {
          formatted = formatDelistingBatch(engine, entries, {
            copyrightOwner: first.legalName,
            reportingOrganisation: brand?.name ?? first.brandId,
            ...(defaultWorkUrl ? { defaultWorkUrl } : {}),
            createdAt: dayEnd,
          });
        } catch (error) {
          if (!(error instanceof NoticeInputError)) throw error;
          // Left queued: the creator's data (a work with no address to point to) must change first.
          logger.warn('delisting requests left out of the batch', {
            engine,
            day,
            userId,
            problems: error.problems,
          });
          continue;
        }
        const lineEnd = formatted.content.indexOf('\r\n') + 2;
        header ??= formatted.content.slice(0, lineEnd);
        parts.push(formatted.content.slice(lineEnd));
        included.push(...mine.map((row) => row.id));
      }

      const id = `dlb_${randomBytes(8).toString('hex')}`;
      const fileKey = included.length > 0 ? delistingFileKeyOf(engine, day) : null;
      if (fileKey)
        await storage.write(fileKey, Buffer.from(`${header ?? ''}${parts.join('')}`, 'utf8'));
      const [batch] = await tx
        .insert(delistingBatch)
        .values({ id, engine, day, fileKey, urlCount: included.length })
        .returning();
      if (included.length > 0) {
        await tx
          .update(delistingRequest)
          .set({ status: 'batched', batchId: id, updatedAt: now() })
          .where(
            and(inArray(delistingRequest.id, included), eq(delistingRequest.status, 'queued')),
          );
      }
      return summary(batch!);
    });
  }

  return {
    /** The job: each engine's file of the day, once (a second run finds the batches there). */
    async batch(day: string): Promise<Record<string, unknown>> {
      if (!isUtcDay(day)) throw new Error(`"${day}" is not a day (YYYY-MM-DD).`);
      const written: DelistingBatchSummary[] = [];
      for (const engine of SEARCH_ENGINES) {
        const batch = await batchEngine(engine, day);
        if (batch) written.push(batch);
      }
      if (written.length > 0)
        logger.info('delisting files written', {
          day,
          batches: written.map((b) => `${b.engine}: ${b.urls}`),
        });
      return { batches: written.map((b) => b.id) };
    },

    /** Whether the files of `day` are written for every engine. */
    async isBatched(day: string): Promise<boolean> {
      const rows = await db
        .select({ engine: delistingBatch.engine })
        .from(delistingBatch)
        .where(eq(delistingBatch.day, day));
      return SEARCH_ENGINES.every((engine) => rows.some((row) => row.engine === engine));
    },

    /** Batches, newest day first. */
    async list(limit = 60): Promise<DelistingBatchSummary[]> {
      const rows = await db
        .select()
        .from(delistingBatch)
        .orderBy(desc(delistingBatch.day), asc(delistingBatch.engine))
        .limit(limit);
      return rows.map(summary);
    },

    /** The batch's CSV, as written. */
    async csv(batchId: string): Promise<string> {
      const batch = await findBatch(batchId);
      if (!batch.fileKey)
        throw new AppError(
          'NOT_FOUND',
          `Delisting batch ${batchId} has no URL, so it has no file.`,
        );
      return (await buffer(await storage.read(batch.fileKey))).toString('utf8');
    },

    /** The operator uploaded the file: the batch and its requests are submitted. */
    async submitted(batchId: string): Promise<DelistingBatchSummary> {
      const batch = await findBatch(batchId);
      if (batch.submittedAt)
        throw new AppError(
          'CONFLICT',
          `Delisting batch ${batchId} was marked submitted on ${batch.submittedAt.toISOString()}.`,
        );
      const at = now();
      const updated = await db.transaction(async (tx) => {
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
      if (!updated)
        throw new AppError(
          'CONFLICT',
          `Delisting batch ${batchId} was marked submitted meanwhile.`,
        );
      return summary(updated);
    },
  };
}

export type DelistingService = ReturnType<typeof createDelistingService>;
