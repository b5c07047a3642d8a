// Delisting from search engines: a request per leak takedown and engine (written with its first
// notice), batched once a day per engine into the CSV an operator uploads to the engine's bulk tool
// (`delisting.batch`), then marked submitted by the operator (`shark delisting submitted <batchId>`).
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  formatDelistingBatch,
  type DelistingRow,
  type SearchEngine,
} from '@shark/engine/notices/delisting-batch.ts';
import { NoticeInputError } from '@shark/engine/notices/parse-input.ts';
import type { BrandRegistry } from '#server/config/brands.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Logger } from '#server/http/logger.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import { noticeWorkOf } from '#server/features/takedowns/opening/works.ts';
import {
  SEARCH_ENGINES,
  type DelistingBatchRow,
  type DelistingRepository,
} from './delisting-repository.ts';
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
  delisting: DelistingRepository;
  storage: FileStorage;
  brands: BrandRegistry;
  logger: Logger;
  now?: () => Date;
}

export function createDelistingService(deps: DelistingServiceDeps) {
  const { delisting, storage, brands, logger } = deps;
  const now = deps.now ?? (() => new Date());

  const summary = (row: DelistingBatchRow): DelistingBatchSummary => ({
    id: row.id,
    engine: row.engine,
    day: row.day,
    urls: row.urlCount,
    fileKey: row.fileKey,
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  });

  async function findBatch(id: string) {
    const row = await delisting.findBatch(id);
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
    return delisting.writeDay(engine, day, async (writer) => {
      if (await writer.existingBatch()) return null;

      // Requests of the day (and earlier ones left over), of creators whose authorisation stands.
      const found = await writer.queuedRequests(dayEnd);

      // A request whose notice was withdrawn before it went out waits for the next one.
      const rows = found.filter(
        (row): row is typeof row & { noticeId: string } => row.noticeId !== null,
      );
      const items = await writer.contentItemsOfFiles(
        rows.flatMap((row) => (row.referenceFileId ? [row.referenceFileId] : [])),
      );
      const userIds = [...new Set(rows.map((row) => row.userId))];
      const profiles = await writer.profileUrls(userIds);

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
      const batch = await writer.insertBatch({ id, fileKey, included }, now());
      return summary(batch);
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
      const engines = await delisting.enginesBatched(day);
      return SEARCH_ENGINES.every((engine) => engines.includes(engine));
    },

    /** Batches, newest day first. */
    async list(limit = 60): Promise<DelistingBatchSummary[]> {
      const rows = await delisting.list(limit);
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
      const updated = await delisting.markSubmitted(batchId, at);
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
