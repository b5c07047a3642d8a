// Report Leaks and Report Impersonation: pages the creator reports herself, fetched and matched by the
// report.fetch job and recorded as findings she confirmed.
import type { SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { createReportRepository } from './report-repository.ts';
import { reportRoutes } from './report-routes.ts';
import { createReportService } from './report-service.ts';
import { createReportedUrlJob } from './reported-url-job.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { FindingService } from '#server/features/findings/finding-service.ts';
import type { ScanMatcher } from '#server/features/scans/scan-matcher.ts';
import type { WhitelistService } from '#server/features/whitelist/whitelist-service.ts';

export function createReportLeaksModule(
  platform: Platform,
  deps: {
    entitlements: Entitlements;
    findings: FindingService;
    whitelist: WhitelistService;
    catalog: SiteCatalog;
    matcher: ScanMatcher;
  },
) {
  const { config, jobs, logger } = platform;
  const { entitlements, findings } = deps;
  const repo = createReportRepository(platform.database.db);
  const reports = createReportService({
    repo,
    findings,
    whitelist: deps.whitelist,
    catalog: () => deps.catalog,
    sendFetch: async (reportedUrlId) => {
      await jobs.send('report.fetch', { reportedUrlId });
    },
    assertWithin: (entitled, limit, used, adding) =>
      entitlements.assertWithin(entitled, limit, used, adding),
    logger,
  });
  const reportedUrlJob = createReportedUrlJob({
    repo,
    crawler: platform.crawler,
    matcher: deps.matcher,
    findings,
    entitlements,
    catalog: () => deps.catalog,
    maxMediaPerPage: config.scans.maxMediaPerPage,
    logger,
  });
  return featureModule('report-leaks', reports, {
    routes: ({ auth }) => [mount(reportRoutes({ auth, entitlements, reports }))],
    jobs: {
      'report.fetch': ({ reportedUrlId }, context) => reportedUrlJob.run(reportedUrlId, context),
    },
    // Reported addresses saved but whose job was never sent (a crash in between) are queued again.
    recover: async () => {
      await reports.recoverQueued(config.database.driver === 'pglite' ? 0 : 120);
    },
  });
}
