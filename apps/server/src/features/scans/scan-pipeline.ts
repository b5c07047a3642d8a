// The scan pipeline (decisions 0011 and 0016): scan.start plans the work as task rows; scan.discover,
// scan.profile, scan.fetch and scan.match each move one task row to a settled state, adding the rows it
// leads to. Every step is idempotent: a job run twice, or retried after dying half-way, leaves the same
// rows and findings. This file wires the stages (stages/) to the task runner that runs them.
import type { ScanStage } from '@shark/contracts/scans.ts';
import type { OnionMirrors } from '#server/features/dark-web/onion-mirrors.ts';
import type { DarkWebAccess } from '#server/features/dark-web/dark-web-access.ts';
import type { Logger } from '#server/http/logger.ts';
import type { ScanRepository } from './scan-repository.ts';
import type { ScanMatcher } from './scan-matcher.ts';
import type { CrawlerPort, FindingsPort, ReadReference, SourcesPort } from './scan-ports.ts';
import type { ScanSettings } from './scan-settings.ts';
import type { ScanSiteRepository } from './scan-site-repository.ts';
import { createSiteReachability } from './site-reachability.ts';
import { createTaskRunner, type StageRegistry } from './scan-task-runner.ts';
import { createCheckProfileStage } from './stages/check-profile-stage.ts';
import { createDiscoverStage } from './stages/discover-stage.ts';
import { createFetchPageStage, fetchPageTask } from './stages/fetch-page-stage.ts';
import type { SightingsPort } from './stages/page-mention.ts';
import { createMatchMediaStage } from './stages/match-media-stage.ts';
import { createScanPlanner } from './stages/plan-scan.ts';
import { createSiteExpansion } from './stages/site-expansion.ts';
import type { SiteExpansionRepository } from './site-expansion-repository.ts';

export interface PipelineDeps {
  repo: ScanRepository;
  /** Each site's state within a scan (the sites it gave up). */
  sites: Pick<ScanSiteRepository, 'markUnreachable' | 'unreachableSite' | 'countSkipped'>;
  send: (stage: ScanStage | 'start', id: string) => Promise<void>;
  crawler: CrawlerPort;
  sources: SourcesPort;
  findings: FindingsPort;
  /** Sites searched further once they yielded copies, and remembered for the next scans. */
  siteExpansion: SiteExpansionRepository;
  /** Pages that only share the creator's name (features/name-sightings). */
  sightings?: SightingsPort;
  matcher: ScanMatcher;
  readReference: ReadReference;
  /** Whether the creator's whitelist covers a URL (a whitelisted profile is the creator's own). */
  isWhitelisted: (userId: string, url: string) => Promise<boolean>;
  settings: ScanSettings;
  logger: Logger;
  /** Called once a scan completes (by the one call that completed it), e.g. to notify the creator. */
  onCompleted?: (scanId: string) => Promise<void>;
  /** Dark web scanning: who has it, and running a creator's task with Tor open to it or not. */
  darkWeb?: Pick<DarkWebAccess, 'isAllowedFor' | 'runFor'>;
  /** Clearnet mirrors that onion pages name: recorded, and fetched like any page. */
  mirrors?: Pick<OnionMirrors, 'mirrorsOf'>;
}

export function createScanPipeline(deps: PipelineDeps) {
  const { repo, crawler, sources, findings, matcher, settings } = deps;
  const catalog = () => sources.catalog;
  const expansion = createSiteExpansion({
    sites: deps.siteExpansion,
    repo,
    crawler,
    catalog,
    settings,
  });
  const stages: StageRegistry = {
    discover: createDiscoverStage({
      repo,
      crawler,
      sources,
      readReference: deps.readReference,
      catalog,
      settings,
      siteExpansion: expansion.discover,
    }),
    profile: createCheckProfileStage({
      repo,
      crawler,
      matcher,
      findings,
      catalog,
      settings,
      isWhitelisted: deps.isWhitelisted,
    }),
    fetch: createFetchPageStage({
      repo,
      crawler,
      findings,
      catalog,
      settings,
      matcher,
      isWhitelisted: deps.isWhitelisted,
      sightings: deps.sightings,
      expansion,
      ...(deps.mirrors ? { mirrors: deps.mirrors } : {}),
    }),
    match: createMatchMediaStage({
      repo,
      crawler,
      matcher,
      findings,
      catalog,
      onLeak: expansion.onLeak,
      pageTask: (url, source) =>
        fetchPageTask(
          { url, source, title: null, mediaHints: [] },
          { catalog: catalog(), maxMediaPerPage: settings.maxMediaPerPage },
        ),
    }),
  };
  const runner = createTaskRunner({
    repo,
    send: deps.send,
    stages,
    reachability: createSiteReachability({ sites: deps.sites }),
    logger: deps.logger,
    onCompleted: deps.onCompleted,
    ...(deps.darkWeb ? { runFor: deps.darkWeb.runFor } : {}),
  });
  const planScan = createScanPlanner({
    repo,
    sources,
    catalog,
    settings,
    sendJobs: runner.sendJobs,
    completeIfSettled: runner.completeIfSettled,
    rememberedSites: expansion.seedRemembered,
    ...(deps.darkWeb ? { isDarkWebAllowedFor: deps.darkWeb.isAllowedFor } : {}),
  });

  return {
    start: (scanId: string) => planScan(scanId),
    discover: (taskId: string, isLastAttempt: boolean) =>
      runner.run('discover', taskId, isLastAttempt),
    profile: (taskId: string, isLastAttempt: boolean) =>
      runner.run('profile', taskId, isLastAttempt),
    fetch: (taskId: string, isLastAttempt: boolean) => runner.run('fetch', taskId, isLastAttempt),
    match: (taskId: string, isLastAttempt: boolean) => runner.run('match', taskId, isLastAttempt),
  };
}

export type ScanPipeline = ReturnType<typeof createScanPipeline>;
