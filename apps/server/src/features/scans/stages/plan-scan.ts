// scan.start: plans a scan's work as task rows (source queries, reverse image searches, catalog searches
// and listing pages, social network profiles), writes them, marks the scan running and sends their jobs.
import { randomUUID } from 'node:crypto';
import {
  accountPlatformOf,
  type SiteCatalog,
} from '@shark/engine/discovery/site-catalog/catalog.ts';
import { searchUrl } from '@shark/engine/discovery/site-catalog/templates.ts';
import { isOnionUrl } from '@shark/engine/fetch/onion.ts';
import { usernameVariants } from '@shark/engine/impersonation/username-variants.ts';
import type {
  NewTask,
  ScanRepository,
  ScanRow,
  ScanTaskRow,
} from '#server/features/scans/scan-repository.ts';
import type { SourcesPort } from '#server/features/scans/scan-ports.ts';
import { FREE_SCAN_LIMITS, type ScanSettings } from '#server/features/scans/scan-settings.ts';
import { checkProfileTask } from './check-profile-stage.ts';
import { creatorFrom } from './creator-setup.ts';
import { catalogProfileTask, catalogSearchTask } from './discover-catalog-page.ts';
import { imageSourceTask, namePhrases, textSourceTask } from './discover-source-search.ts';

export interface PlanScanDeps {
  repo: Pick<
    ScanRepository,
    'find' | 'setupOf' | 'fail' | 'addTasks' | 'markRunning' | 'queuedTasks'
  >;
  sources: Pick<SourcesPort, 'enabled'>;
  catalog: () => SiteCatalog;
  settings: Pick<ScanSettings, 'imageSearchReferences' | 'variantsPerUsername'>;
  /** Sends the job of each task row. */
  sendJobs: (tasks: Pick<ScanTaskRow, 'id' | 'stage'>[]) => Promise<void>;
  /** Completes the scan if none of its task rows is left to settle. */
  completeIfSettled: (scanId: string) => Promise<void>;
  /** The tasks that search the sites where her copies were found before (site-expansion.ts). */
  rememberedSites?: (scanRow: ScanRow) => Promise<NewTask[]>;
  /** Whether the creator has dark web scanning (and Tor is configured): onion sources and sites. */
  isDarkWebAllowedFor?: (userId: string) => Promise<boolean>;
}

export function createScanPlanner(deps: PlanScanDeps) {
  const { repo, sources, settings } = deps;

  return async function planScan(scanId: string): Promise<void> {
    const scanRow = await repo.find(scanId);
    if (!scanRow || (scanRow.status !== 'queued' && scanRow.status !== 'running')) return;
    const setup = await repo.setupOf(scanRow.userId);
    const free = scanRow.trigger === 'onboarding';
    const usernames = [...new Set(setup.accounts.map((a) => a.normalizedUsername))];
    const queries = [...usernames, ...(free ? [] : setup.terms.map((t) => t.term))];
    // Web search APIs also look for her name as a phrase; the free scan keeps to her usernames.
    const phrases = free ? [] : namePhrases(creatorFrom(setup).names, queries);
    if (usernames.length === 0) {
      await repo.fail(scanId, 'Add at least one of your usernames (Accounts) before scanning.');
      return;
    }
    // Onion search and onion sites only for a creator with dark web scanning, never in the free scan.
    const isDarkWeb = !free && ((await deps.isDarkWebAllowedFor?.(scanRow.userId)) ?? false);
    const enabled = sources.enabled().filter((source) => isDarkWeb || !source.isDarkWeb);
    // A term limited to some sources is searched only there (none listed: every source); her
    // usernames go everywhere.
    const searchesWith = (query: string, sourceId: string) => {
      if (usernames.includes(query)) return true;
      const termSources = setup.terms.find((t) => t.term === query)?.sources ?? [];
      return termSources.length === 0 || termSources.includes(sourceId);
    };
    const tasks: NewTask[] = [];
    for (const source of enabled) {
      if (source.kind === 'text') {
        for (const query of queries) {
          if (!searchesWith(query, source.id)) continue;
          tasks.push(textSourceTask(source.id, query, 0));
        }
        for (const phrase of phrases) tasks.push(textSourceTask(source.id, phrase, 0));
      } else if (!free) {
        const pictures = setup.references
          .filter((r) => r.mediaType === 'image')
          .slice(0, settings.imageSearchReferences);
        for (const reference of pictures) tasks.push(imageSourceTask(source.id, reference.id));
      }
    }
    const variantsPerUsername = free
      ? FREE_SCAN_LIMITS.variantsPerUsername
      : settings.variantsPerUsername;
    for (const site of deps.catalog().sites) {
      if (!isDarkWeb && isOnionUrl(site.baseUrl)) continue;
      if (site.search && site.kind !== 'social-network') {
        for (const query of queries) {
          if (!searchesWith(query, 'site-catalog')) continue;
          let url: string;
          try {
            url = searchUrl(site, query);
          } catch {
            continue;
          }
          tasks.push(catalogSearchTask(site, query, url, 0));
        }
      }
      if (site.profile && site.kind !== 'social-network' && site.profile.results) {
        // A leak site's page for the creator's name ("model" or uploader pages) lists copies directly.
        for (const username of usernames) tasks.push(catalogProfileTask(site, username));
      }
      if (site.profile && site.kind === 'social-network') {
        const platform = accountPlatformOf(site) ?? site.id;
        const own = new Set(
          setup.accounts
            .filter((a) => a.platform === platform)
            .map((a) => a.normalizedUsername.toLowerCase()),
        );
        for (const username of usernames) {
          const candidates = [
            // The creator's own handle on a network where they have no account of theirs.
            ...(own.size === 0 ? [{ username, reason: 'same-username' }] : []),
            ...usernameVariants(username, { max: variantsPerUsername, platform }),
          ];
          for (const candidate of candidates) {
            if (own.has(candidate.username.toLowerCase())) continue;
            tasks.push(checkProfileTask(site, candidate));
          }
        }
      }
    }
    if (deps.rememberedSites) tasks.push(...(await deps.rememberedSites(scanRow)));
    // The plan's rows are written before the scan is marked running, and their jobs sent after: a start
    // killed half-way leaves a queued scan that recovery starts again, never a running scan missing
    // part of its plan (which would complete once the rows it has settled).
    const created = await repo.addTasks(scanId, scanRow.userId, tasks, randomUUID);
    await repo.markRunning(
      scanId,
      enabled.map((s) => s.id),
    );
    // No job of a queued scan's rows was ever sent, so all of them (rows an earlier, killed start wrote
    // too) get theirs now; a scan running already has its jobs, only its new rows need them.
    const toSend = scanRow.status === 'queued' ? await repo.queuedTasks(scanId) : created;
    await deps.sendJobs(toSend);
    // A plan with nothing to do (or whose tasks all settled before this line) completes here.
    await deps.completeIfSettled(scanId);
  };
}
