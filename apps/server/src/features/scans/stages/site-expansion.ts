// Site expansion: a site where a scan found a copy of the creator's files is searched further in that
// scan (its sitemaps, home page and listings, its own search for her names, and the links of its pages
// that lead to more content: the thread's other pages, the uploader's, older posts), within a page
// budget per site; the site is remembered, and her next scan starts there. The discover tasks it plans
// are discover-site-expansion.ts's; this file holds the budget, the link following and the hooks the
// fetch, match and plan stages call.
import type { FindingStatus } from '@shark/contracts/findings.ts';
import type { SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import {
  openSearchDescriptions,
  searchFormTemplates,
  searchUrlOf,
} from '@shark/engine/discovery/site-entry-points.ts';
import { originOf, siteKeyOf } from '@shark/engine/discovery/site-key.ts';
import { expansionLinks, isSkippedLink, siteNameOf } from '@shark/engine/discovery/site-links.ts';
import type { NewTask, ScanRepository, ScanRow } from '#server/features/scans/scan-repository.ts';
import type { CrawlerPort, PageResult } from '#server/features/scans/scan-ports.ts';
import type { ScanSettings } from '#server/features/scans/scan-settings.ts';
import { siteOfUrl } from '#server/features/scans/scan-urls.ts';
import type { StageContext, StageOutcome } from '#server/features/scans/scan-task-runner.ts';
import type { SiteExpansionRepository } from '#server/features/scans/site-expansion-repository.ts';
import { creatorFrom } from './creator-setup.ts';
import { createSiteExpansionDiscover } from './discover-site-expansion.ts';
import type { ExpansionMark } from './site-expansion-mark.ts';
import {
  EXPANSION_SOURCE,
  expansionFetchTask,
  MAX_LINKS_PER_PAGE,
  siteExpansionTask,
  siteLinksTask,
  siteOpenSearchTask,
} from './site-expansion-tasks.ts';

/** Search forms of a home page used, and names searched in each. */
const MAX_SEARCH_FORMS = 2;
const MAX_SEARCH_QUERIES = 6;
/** Remembered sites a scan starts with: the creator's own, and those staff accepted for everyone. */
const MAX_REMEMBERED_SITES = 20;
const MAX_ACCEPTED_SITES = 20;

export interface SiteExpansionDeps {
  sites: Pick<
    SiteExpansionRepository,
    | 'claimExpansion'
    | 'spendPages'
    | 'pagesSpent'
    | 'rememberSite'
    | 'nameSite'
    | 'rememberedSites'
    | 'acceptedSites'
  >;
  repo: Pick<ScanRepository, 'setupOf'>;
  crawler: Pick<CrawlerPort, 'fetchPage'>;
  catalog: () => SiteCatalog;
  settings: Pick<ScanSettings, 'respectRobots' | 'maxMediaPerPage' | 'sitePageBudget'>;
}

/** A leak the match stage recorded, as expansion needs it. */
export interface RecordedLeak {
  pageUrl: string;
  /** Where the page came from: a page the expansion found has had its links followed already. */
  source: string;
  siteId: string | null;
  siteKind: string;
  finding: { created: boolean; status: FindingStatus };
}

type EnqueueContext = Pick<StageContext, 'scan' | 'enqueue'>;

/** The free onboarding scan stays within its small limits: it searches no site further. */
function mayExpand(scanRow: ScanRow): boolean {
  return scanRow.trigger !== 'onboarding';
}

export function createSiteExpansion(deps: SiteExpansionDeps) {
  const { sites, settings } = deps;
  const budget = settings.sitePageBudget;

  /** Spends one of the site's pages; the outcome of a task refused for a spent budget, else null. */
  async function spendPage(scanRow: ScanRow, site: string): Promise<StageOutcome | null> {
    if (await sites.spendPages(scanRow.id, site, 1, budget)) return null;
    return { status: 'skipped', error: `Page budget for ${site} spent.` };
  }

  /**
   * Adds fetch tasks for the first `limit` pages of `urls` on the mark's site, none once its budget is
   * spent; returns how many were new. Pages queued past the budget are skipped when their turn comes,
   * so the scan's record shows what the budget left out.
   */
  async function enqueuePages(
    urls: string[],
    mark: ExpansionMark,
    context: EnqueueContext,
    limit = MAX_LINKS_PER_PAGE,
  ): Promise<number> {
    if ((await sites.pagesSpent(context.scan.id, mark.site)) >= budget) return 0;
    const left = Math.min(limit, budget);
    const catalog = deps.catalog();
    const tasks: NewTask[] = [];
    for (const url of urls) {
      if (tasks.length >= left) break;
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        continue;
      }
      if (siteKeyOf(url) !== mark.site || isSkippedLink(parsed)) continue;
      const task = expansionFetchTask(url, mark, {
        catalog,
        maxMediaPerPage: settings.maxMediaPerPage,
      });
      if (task) tasks.push(task);
    }
    return context.enqueue(tasks);
  }

  /** Her usernames and names, as the site's own search is asked for them. */
  async function queriesOf(userId: string): Promise<string[]> {
    const creator = creatorFrom(await deps.repo.setupOf(userId));
    return [...new Set([...creator.usernames, ...creator.names])].slice(0, MAX_SEARCH_QUERIES);
  }

  /**
   * After a page fetched for the expansion: its links to more of the site are followed; on the home page
   * the site's search is asked for her names too, and the site's name is kept.
   */
  async function followPage(
    mark: ExpansionMark,
    page: Extract<PageResult, { ok: true }>,
    context: EnqueueContext,
  ): Promise<Record<string, unknown>> {
    if (!page.html) return { links: 0 };
    const result: Record<string, unknown> = {};
    if (mark.role === 'home') {
      const templates = searchFormTemplates(page.html, page.finalUrl).slice(0, MAX_SEARCH_FORMS);
      const queries = templates.length > 0 ? await queriesOf(context.scan.userId) : [];
      const searches = templates.flatMap((t) => queries.map((q) => searchUrlOf(t, q)));
      result.searches = await enqueuePages(searches, { site: mark.site }, context);
      const [description] = openSearchDescriptions(page.html, page.finalUrl).filter(
        (url) => siteKeyOf(url) === mark.site,
      );
      if (description) await context.enqueue([siteOpenSearchTask(mark.site, description)]);
      const name = siteNameOf(page.html);
      if (name) await sites.nameSite(mark.site, name);
    }
    const links = expansionLinks(page.html, page.finalUrl, { max: MAX_LINKS_PER_PAGE });
    result.links = await enqueuePages(
      links.map((l) => l.url),
      { site: mark.site },
      context,
    );
    return result;
  }

  /**
   * After the match stage recorded a leak: the site is remembered, and (once per scan) searched further;
   * the page that held the copy has its links read again. A whitelisted or rejected finding is no leak.
   */
  async function onLeak(
    leak: RecordedLeak,
    context: EnqueueContext,
  ): Promise<Record<string, unknown> | null> {
    if (leak.finding.status === 'whitelisted' || leak.finding.status === 'rejected') return null;
    const site = siteKeyOf(leak.pageUrl);
    const origin = originOf(leak.pageUrl);
    if (site === null || origin === null) return null;
    await sites.rememberSite({
      userId: context.scan.userId,
      site,
      origin,
      pageUrl: leak.pageUrl,
      isNewCopy: leak.finding.created,
      isCatalogued: leak.siteId !== null,
    });
    // A catalog site is searched through its catalog entry (its search and listing pages) already.
    if (!mayExpand(context.scan) || leak.siteId !== null) return { site };
    const claimed = await sites.claimExpansion(context.scan.id, site, origin);
    // Added on every leak (a second add of the same key is a no-op), so a retried match task that
    // claimed the site before dying still plans its expansion.
    await context.enqueue([
      siteExpansionTask(site, origin),
      ...(leak.source === EXPANSION_SOURCE ? [] : [siteLinksTask(site, leak.pageUrl)]),
    ]);
    return { site, expanded: claimed };
  }

  /** The tasks a scan starts with for the sites it remembers: her own, and those accepted for all. */
  async function seedRemembered(scanRow: ScanRow): Promise<NewTask[]> {
    if (!mayExpand(scanRow)) return [];
    const remembered = [
      ...(await sites.rememberedSites(scanRow.userId, MAX_REMEMBERED_SITES)),
      ...(await sites.acceptedSites(MAX_ACCEPTED_SITES)),
    ];
    const tasks: NewTask[] = [];
    const seen = new Set<string>();
    const catalog = deps.catalog();
    for (const { site, origin, samplePageUrl } of remembered) {
      if (seen.has(site)) continue;
      seen.add(site);
      if (siteOfUrl(catalog, origin).siteId !== null) continue;
      await sites.claimExpansion(scanRow.id, site, origin);
      tasks.push(siteExpansionTask(site, origin));
      const sample =
        samplePageUrl &&
        expansionFetchTask(
          samplePageUrl,
          { site },
          { catalog, maxMediaPerPage: settings.maxMediaPerPage },
        );
      if (sample) tasks.push(sample);
    }
    return tasks;
  }

  const discover = createSiteExpansionDiscover({
    crawler: deps.crawler,
    catalog: deps.catalog,
    settings,
    spendPage,
    enqueuePages,
    queriesOf,
  });

  return { spendPage, followPage, onLeak, seedRemembered, discover };
}

export type SiteExpansion = ReturnType<typeof createSiteExpansion>;
