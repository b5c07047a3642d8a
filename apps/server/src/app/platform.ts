// What every feature module may use and none owns: configuration, the log, brands and plans, the
// database (migrated), mail, file storage, the guarded fetcher and the crawler over it, the
// fingerprinting threads and the job queue. Opened first, closed last.
import type { LookupAddress } from 'node:dns';
import { openDatabase, type DatabaseHandle } from '@shark/db/client.ts';
import type { PlanCatalog } from '@shark/contracts/plans.ts';
import { createCrawler, type Crawler } from '@shark/engine/fetch/crawler.ts';
import { createSafeFetcher, type SafeFetcher } from '@shark/engine/fetch/safe-fetch.ts';
import { FingerprintPool } from '@shark/engine/matching/fingerprint-pool.ts';
import { loadBrands, type BrandRegistry } from '#server/config/brands.ts';
import { isDarkWebAllowed } from '#server/features/dark-web/dark-web-scope.ts';
import { keepDataDirPrivate } from '#server/config/data-dir.ts';
import type { Config } from '#server/config/env.ts';
import { loadPlanCatalog } from '#server/config/plans.ts';
import { planFeaturesOf, type PlanFeatures } from '#server/features/user/plan-features.ts';
import { createMailer, type Mailer } from '#server/features/mail/mailer.ts';
import { createFileStorage, type FileStorage } from '#server/features/storage/file-storage.ts';
import { createLogger, type Logger } from '#server/http/logger.ts';
import { jobCatalog, type SharkJobCatalog } from '#server/jobs/job-catalog.ts';
import { createJobQueue, type JobQueue } from '#server/jobs/job-queue.ts';

export interface PlatformOptions {
  logger?: Logger;
  /** false: this process only sends jobs (start:api). */
  workers?: boolean;
  /** A + AAAA of a host for the recipient look-up (tests give hosts their own addresses); DNS by default. */
  resolveHost?: (host: string) => Promise<string[]>;
  /** The fetcher's name look-up (tests record what it is asked); DNS by default. */
  resolveFetchHost?: (hostname: string) => Promise<LookupAddress[]>;
}

export interface Platform {
  config: Config;
  logger: Logger;
  brands: BrandRegistry;
  catalog: PlanCatalog;
  planFeatures: PlanFeatures;
  database: DatabaseHandle;
  mailer: Mailer;
  storage: FileStorage;
  /** Every fetch of an outside page goes through it (SSRF guard, timeouts, size limit). */
  fetcher: SafeFetcher;
  /** The scans' crawler (robots.txt, per-host limits) over the guarded fetcher. */
  crawler: Crawler;
  /** Fingerprinting is CPU-heavy: it runs on worker threads so the event loop keeps serving requests. */
  fingerprints: FingerprintPool;
  /** The job queue: `jobs.send(name, payload)` from anywhere; handlers run where workers run. */
  jobs: JobQueue<SharkJobCatalog>;
  resolveHost: ((host: string) => Promise<string[]>) | undefined;
  /** When this process started: on the embedded database, work marked running before it was cut off. */
  startedAt: Date;
  close(): Promise<void>;
}

/** Opens the database, applies pending migrations and builds the shared infrastructure. */
export async function openPlatform(
  config: Config,
  options: PlatformOptions = {},
): Promise<Platform> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const brands = loadBrands(config.brandsFile);
  const catalog = loadPlanCatalog(config.plansFile);
  await keepDataDirPrivate(config.dataDir, logger);
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, logger });
  const fetcher = createSafeFetcher({
    allowlist: config.fetch.allowlist,
    connectTimeoutMs: config.fetch.connectTimeoutMs,
    timeoutMs: config.fetch.timeoutMs,
    maxBytes: config.fetch.maxBytes,
    userAgent: config.userAgent,
    tor: config.fetch.tor,
    resolve: options.resolveFetchHost,
    // Onion addresses only for work run on behalf of a creator with dark web scanning.
    mayFetchOnion: isDarkWebAllowed,
  });
  const crawler = createCrawler({
    fetcher,
    robots: { enabled: config.scans.respectRobots, userAgent: 'SharkBot' },
    perHost: config.scans.perHost,
    maxMediaPerPage: config.scans.maxMediaPerPage,
  });
  const fingerprints = new FingerprintPool();
  const jobs = createJobQueue({
    catalog: jobCatalog,
    database,
    postgres:
      config.database.driver === 'postgres'
        ? { url: config.database.url, poolSize: config.database.poolSize }
        : null,
    logger,
    workers: options.workers === false ? null : { concurrency: config.workerConcurrency },
  });
  return {
    config,
    logger,
    brands,
    catalog,
    planFeatures: planFeaturesOf(catalog),
    database,
    mailer,
    storage: createFileStorage(config.storage),
    fetcher,
    crawler,
    fingerprints,
    jobs,
    resolveHost: options.resolveHost,
    startedAt: new Date(),
    async close() {
      await jobs.stop().catch(() => undefined);
      await crawler.close();
      await fingerprints.close();
      await fetcher.close();
      mailer.close();
      await database.close();
    },
  };
}
