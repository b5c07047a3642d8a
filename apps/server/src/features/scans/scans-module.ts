// Scans: "Scan now", the schedule, the free scan and their progress; the pipeline's stage jobs, the
// recovery of scan work a crash left behind, and the periodic check that starts scheduled scans.
import { buffer } from 'node:stream/consumers';
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { DarkWebAccess } from '#server/features/dark-web/dark-web-access.ts';
import type { OnionMirrors } from '#server/features/dark-web/onion-mirrors.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { FindingService } from '#server/features/findings/finding-service.ts';
import type { NameSightingService } from '#server/features/name-sightings/name-sighting-service.ts';
import type { ScanSourceService } from '#server/features/scan-sources/scan-source-service.ts';
import type { WhitelistService } from '#server/features/whitelist/whitelist-service.ts';
import type { ScanMatcher } from './scan-matcher.ts';
import { createScanPipeline } from './scan-pipeline.ts';
import { createScanRepository } from './scan-repository.ts';
import { scanRoutes } from './scan-routes.ts';
import { createScanService } from './scan-service.ts';
import { DEFAULT_SCAN_SETTINGS } from './scan-settings.ts';
import { createScanSiteRepository } from './scan-site-repository.ts';
import { recoverScans, scanJobHandlers, STAGE_JOBS } from './scan-worker.ts';
import { createSiteExpansionRepository } from './site-expansion-repository.ts';

export function createScansModule(
  platform: Platform,
  deps: {
    entitlements: Entitlements;
    sources: ScanSourceService;
    findings: FindingService;
    sightings: NameSightingService;
    whitelist: WhitelistService;
    matcher: ScanMatcher;
    /** Who gets onion search and onion sites (dark web scanning). */
    darkWeb: DarkWebAccess;
    /** Clearnet mirrors onion pages name: recorded and fetched. */
    mirrors: OnionMirrors;
    /** Called once for each scan that completes: what it found, and that it ended. */
    onCompleted: (scanId: string) => Promise<void>;
  },
) {
  const { config, jobs, logger, storage } = platform;
  const db = platform.database.db;
  const repo = createScanRepository(db);
  const sites = createScanSiteRepository(db);
  const pipeline = createScanPipeline({
    repo,
    sites,
    send: async (stage, id) => {
      if (stage === 'start') await jobs.send('scan.start', { scanId: id });
      else await jobs.send(STAGE_JOBS[stage], { taskId: id });
    },
    crawler: platform.crawler,
    sources: deps.sources,
    findings: deps.findings,
    siteExpansion: createSiteExpansionRepository(db),
    sightings: deps.sightings,
    matcher: deps.matcher,
    readReference: async (userId, referenceFileId) => {
      const stored = await repo.storedReference(userId, referenceFileId);
      if (!stored) return null;
      return {
        bytes: await buffer(await storage.read(stored.storageKey)),
        mimeType: stored.mimeType,
      };
    },
    isWhitelisted: async (userId, url) => (await deps.whitelist.check(userId, url)).isWhitelisted,
    settings: {
      ...DEFAULT_SCAN_SETTINGS,
      respectRobots: config.scans.respectRobots,
      maxSearchPages: config.scans.maxSearchPages,
      maxSourcePages: config.scans.maxSourcePages,
      maxMediaPerPage: config.scans.maxMediaPerPage,
      variantsPerUsername: config.scans.variantsPerUsername,
      sitePageBudget: config.scans.sitePageBudget,
    },
    logger,
    onCompleted: deps.onCompleted,
    darkWeb: deps.darkWeb,
    mirrors: deps.mirrors,
  });
  const scans = createScanService({
    repo,
    sites,
    sitePageBudget: config.scans.sitePageBudget,
    entitlements: deps.entitlements,
    catalog: platform.catalog,
    sources: deps.sources,
    findings: deps.findings,
    sendStart: async (scanId) => {
      await jobs.send('scan.start', { scanId });
    },
    freeScan: config.scans.freeScan,
    logger,
  });
  const recover = (sweep: boolean) =>
    recoverScans({
      repo,
      jobs,
      logger,
      // At start on the embedded database, work marked running before this process was cut off.
      runningSince: !sweep && config.database.driver === 'pglite' ? platform.startedAt : null,
      // The periodic sweep leaves task rows changed lately to the job about to be sent.
      ...(sweep ? { untouchedForSeconds: 120 } : {}),
      onCompleted: deps.onCompleted,
    });
  return featureModule('scans', scans, {
    routes: ({ auth }) => [mount(scanRoutes({ auth, scans }))],
    jobs: scanJobHandlers(pipeline),
    recover: async () => {
      await recover(false);
    },
    schedules: [
      {
        name: 'scan schedule',
        everySeconds: config.scans.scheduleCheckSeconds,
        run: async () => {
          // Work a worker that died on Postgres left without a job (rows written, jobs not sent).
          await recover(true);
          const started = await scans.scheduleDue();
          if (started > 0) logger.info('scheduled scans started', { scans: started });
        },
      },
    ],
  });
}
