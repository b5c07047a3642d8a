// Takedowns from confirmed findings: agent authorisation, recipients, notices, the outbox, web-form
// tasks and delisting files (enforcement), then the checks until the page is gone and the escalation
// when it is not (lifecycle). The report of it all is the takedown-report module.
import { findSite, type SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import type { Platform } from '#server/app/platform.ts';
import { featureModule } from '#server/app/feature-module.ts';
import type { PipelineNotifications } from '#server/features/notifications/pipeline-notifications.ts';
import type { DarkWebAccess } from '#server/features/dark-web/dark-web-access.ts';
import type { ScanMatcher } from '#server/features/scans/scan-matcher.ts';
import { onBehalfOfCreators } from './dark-web-jobs.ts';
import { createEnforcement, type EnforcementDeps } from './enforcement.ts';
import { createTakedownLifecycle } from './lifecycle/takedown-lifecycle-service.ts';
import { lifecycleJobHandlers } from './lifecycle/takedown-lifecycle-worker.ts';
import { createTakedownRepositories } from './takedown-repositories.ts';

export function createTakedownsModule(
  platform: Platform,
  deps: {
    catalog: SiteCatalog;
    matcher: ScanMatcher;
    notices: PipelineNotifications;
    staffActions: NonNullable<EnforcementDeps['staffActions']>;
    /** Opens Tor to the takedown jobs of a creator with dark web scanning (onion pages). */
    darkWeb: Pick<DarkWebAccess, 'isConfigured' | 'runForCreator'>;
  },
) {
  const { config, jobs, logger } = platform;
  const { lifecycle: lifecycleRepo, ...repositories } = createTakedownRepositories(
    platform.database.db,
  );
  const enforcement = createEnforcement({
    repositories,
    config: config.enforcement,
    publicUrl: config.publicUrl,
    brands: platform.brands,
    catalog: deps.catalog,
    storage: platform.storage,
    mailer: platform.mailer,
    fetcher: platform.fetcher,
    crawler: platform.crawler,
    ...(platform.resolveHost ? { resolve: platform.resolveHost } : {}),
    jobs,
    logger,
    staffActions: deps.staffActions,
  });
  const lifecycle = createTakedownLifecycle({
    repo: lifecycleRepo,
    transitions: repositories.transitions,
    crawler: platform.crawler,
    matcher: deps.matcher,
    respectRobots: config.scans.respectRobots,
    siteById: (siteId) => findSite(deps.catalog, siteId),
    schedule: {
      firstCheckHours: config.enforcement.firstCheckHours,
      maxCheckHours: config.takedownLifecycle.checkMaxHours,
    },
    requestNotice: (takedownId) => enforcement.requestNoticeFor(takedownId),
    sendVerify: async (takedownId, check) =>
      (await jobs.send('takedown.verify', { takedownId, check })) !== null,
    sendEscalate: async (takedownId) =>
      (await jobs.send('takedown.escalate', { takedownId })) !== null,
    logger,
    notices: { removed: deps.notices.takedownRemoved, rejected: deps.notices.noticeRejected },
  });
  return featureModule(
    'takedowns',
    { enforcement, lifecycle },
    {
      jobs: onBehalfOfCreators(
        { ...enforcement.jobHandlers, ...lifecycleJobHandlers(lifecycle) },
        { takedowns: repositories.takedowns, darkWeb: deps.darkWeb },
      ),
      recover: async () => {
        // On the embedded database a send this process did not claim was cut off by the last run's crash.
        if (config.database.driver === 'pglite')
          await enforcement.expireInterruptedClaims(platform.startedAt);
      },
      schedules: [
        {
          name: 'enforcement sweep',
          everySeconds: config.enforcement.sweepSeconds,
          run: () => enforcement.sweep(),
        },
        {
          name: 'takedown sweep',
          everySeconds: config.enforcement.sweepSeconds,
          run: () => lifecycle.sweep(new Date()),
        },
      ],
    },
  );
}
