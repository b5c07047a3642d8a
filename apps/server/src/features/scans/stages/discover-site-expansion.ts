// The scan.discover work of a site's expansion (site-expansion.ts): its plan (the sitemaps robots.txt
// names, or /sitemap.xml, and its home page), one sitemap, its OpenSearch description, and a page whose
// links are read again. Each fetch spends one of the site's pages; what they find becomes fetch tasks.
import {
  openSearchTemplate,
  readSitemap,
  searchUrlOf,
  sitemapsInRobots,
} from '@shark/engine/discovery/site-entry-points.ts';
import type { SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { siteKeyOf } from '@shark/engine/discovery/site-key.ts';
import { expansionLinks } from '@shark/engine/discovery/site-links.ts';
import type { ScanRow } from '#server/features/scans/scan-repository.ts';
import type { CrawlerPort } from '#server/features/scans/scan-ports.ts';
import type { ScanSettings } from '#server/features/scans/scan-settings.ts';
import type { StageContext, StageOutcome } from '#server/features/scans/scan-task-runner.ts';
import { failedFetchOutcome, throwIfNetworkFailure } from './fetch-failure.ts';
import type { ExpansionMark } from './site-expansion-mark.ts';
import {
  expansionFetchTask,
  MAX_LINKS_PER_PAGE,
  siteSitemapTask,
  type SiteExpansionDiscoverInput,
} from './site-expansion-tasks.ts';

/** Sitemaps read per site: those robots.txt names, and those a sitemap index lists. */
const MAX_SITEMAPS = 5;
const MAX_CHILD_SITEMAPS = 10;
/** A sitemap index's sitemaps are read; an index inside an index is not. */
const MAX_SITEMAP_DEPTH = 1;

export interface SiteExpansionDiscoverDeps {
  crawler: Pick<CrawlerPort, 'fetchPage'>;
  catalog: () => SiteCatalog;
  settings: Pick<ScanSettings, 'respectRobots' | 'maxMediaPerPage'>;
  spendPage: (scanRow: ScanRow, site: string) => Promise<StageOutcome | null>;
  enqueuePages: (
    urls: string[],
    mark: ExpansionMark,
    context: Pick<StageContext, 'scan' | 'enqueue'>,
    limit?: number,
  ) => Promise<number>;
  queriesOf: (userId: string) => Promise<string[]>;
}

/** A sitemap or description the site does not have: nothing to read there, not a failure. */
function isAbsent(page: { reason: string; status?: number }): boolean {
  return page.reason === 'http-status' && (page.status === 404 || page.status === 410);
}

export function createSiteExpansionDiscover(deps: SiteExpansionDiscoverDeps) {
  const { crawler, settings } = deps;
  const fetchPage = (url: string) =>
    crawler.fetchPage(url, { respectRobots: settings.respectRobots });

  async function plan(
    input: Extract<SiteExpansionDiscoverInput, { type: 'site-expansion' }>,
    context: StageContext,
  ): Promise<StageOutcome> {
    const robots = await fetchPage(`${input.origin}/robots.txt`);
    if (!robots.ok) throwIfNetworkFailure(robots);
    const named = robots.ok ? sitemapsInRobots(robots.text ?? '', robots.finalUrl) : [];
    const sitemaps = named.filter((url) => siteKeyOf(url) === input.site).slice(0, MAX_SITEMAPS);
    if (sitemaps.length === 0) sitemaps.push(`${input.origin}/sitemap.xml`);
    const home = expansionFetchTask(
      `${input.origin}/`,
      { site: input.site, role: 'home' },
      { catalog: deps.catalog(), maxMediaPerPage: settings.maxMediaPerPage },
    );
    const added = await context.enqueue([
      ...sitemaps.map((url) => siteSitemapTask(input.site, url, 0)),
      ...(home ? [home] : []),
    ]);
    return { status: 'done', result: { sitemaps, added } };
  }

  /** A sitemap or description's text, or the outcome of a task whose document is absent or failed. */
  async function fetchDocument(
    url: string,
  ): Promise<{ text: string; finalUrl: string } | StageOutcome> {
    const page = await fetchPage(url);
    if (!page.ok)
      return isAbsent(page)
        ? { status: 'done', result: { exists: false } }
        : failedFetchOutcome(page);
    return { text: page.text ?? page.html ?? '', finalUrl: page.finalUrl };
  }

  async function sitemap(
    input: Extract<SiteExpansionDiscoverInput, { type: 'site-sitemap' }>,
    context: StageContext,
  ): Promise<StageOutcome> {
    const page = await fetchDocument(input.url);
    if (!('text' in page)) return page;
    const read = readSitemap(page.text, page.finalUrl);
    const children =
      input.depth < MAX_SITEMAP_DEPTH
        ? read.sitemaps
            .filter((url) => siteKeyOf(url) === input.site)
            .slice(0, MAX_CHILD_SITEMAPS)
            .map((url) => siteSitemapTask(input.site, url, input.depth + 1))
        : [];
    await context.enqueue(children);
    const pages = await deps.enqueuePages(
      read.pages,
      { site: input.site },
      context,
      Number.POSITIVE_INFINITY,
    );
    return {
      status: 'done',
      result: { listed: read.pages.length, sitemaps: children.length, pages },
    };
  }

  async function openSearch(
    input: Extract<SiteExpansionDiscoverInput, { type: 'site-opensearch' }>,
    context: StageContext,
  ): Promise<StageOutcome> {
    const page = await fetchDocument(input.url);
    if (!('text' in page)) return page;
    const template = openSearchTemplate(page.text, page.finalUrl);
    if (!template) return { status: 'done', result: { template: null } };
    const queries = await deps.queriesOf(context.scan.userId);
    const searches = await deps.enqueuePages(
      queries.map((q) => searchUrlOf(template, q)),
      { site: input.site },
      context,
    );
    return { status: 'done', result: { template, searches } };
  }

  async function links(
    input: Extract<SiteExpansionDiscoverInput, { type: 'site-links' }>,
    context: StageContext,
  ): Promise<StageOutcome> {
    const page = await fetchPage(input.url);
    if (!page.ok) return failedFetchOutcome(page);
    const found = page.html
      ? expansionLinks(page.html, page.finalUrl, { max: MAX_LINKS_PER_PAGE })
      : [];
    const added = await deps.enqueuePages(
      found.map((l) => l.url),
      { site: input.site },
      context,
    );
    return { status: 'done', result: { links: found.length, added } };
  }

  return async function discoverSiteExpansion(
    input: SiteExpansionDiscoverInput,
    context: StageContext,
  ): Promise<StageOutcome> {
    const refused = await deps.spendPage(context.scan, input.site);
    if (refused) return refused;
    switch (input.type) {
      case 'site-expansion':
        return plan(input, context);
      case 'site-sitemap':
        return sitemap(input, context);
      case 'site-opensearch':
        return openSearch(input, context);
      case 'site-links':
        return links(input, context);
    }
  };
}
