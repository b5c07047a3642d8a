// The scan.discover work for a catalog site: one page of its search results for a query, or its listing
// page for a username (a leak site's "model" or uploader page); each listed result becomes a fetch task,
// and a search's next result page a discover task of its own.
import { z } from 'zod';
import type { CatalogSite, SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { extractResults } from '@shark/engine/discovery/site-catalog/extract.ts';
import { profileUrl } from '@shark/engine/discovery/site-catalog/templates.ts';
import type { NewTask, ScanRepository, ScanRow } from '#server/features/scans/scan-repository.ts';
import type { CrawlerPort } from '#server/features/scans/scan-ports.ts';
import { FREE_SCAN_LIMITS, type ScanSettings } from '#server/features/scans/scan-settings.ts';
import type { StageContext, StageOutcome } from '#server/features/scans/scan-task-runner.ts';
import { siteById } from '#server/features/scans/scan-urls.ts';
import { failedFetchOutcome } from './fetch-failure.ts';
import { fetchPageTask } from './fetch-page-stage.ts';

export const catalogSearchInput = z.object({
  type: z.literal('catalog-search'),
  siteId: z.string(),
  query: z.string(),
  url: z.string(),
  page: z.number().int().min(0),
});
export const catalogProfileInput = z.object({
  type: z.literal('catalog-profile'),
  siteId: z.string(),
  username: z.string(),
});
export type CatalogPageInput =
  z.infer<typeof catalogSearchInput> | z.infer<typeof catalogProfileInput>;

/** The discover task that reads one page of a catalog site's search results for a query. */
export function catalogSearchTask(
  site: Pick<CatalogSite, 'id'>,
  query: string,
  url: string,
  page: number,
): NewTask {
  return {
    stage: 'discover',
    key: `catalog:${site.id}:${query.toLowerCase()}:${page}`,
    input: { type: 'catalog-search', siteId: site.id, query, url, page } satisfies z.infer<
      typeof catalogSearchInput
    >,
  };
}

/** The discover task that reads a catalog site's listing page for a username. */
export function catalogProfileTask(site: Pick<CatalogSite, 'id'>, username: string): NewTask {
  return {
    stage: 'discover',
    key: `catalog-profile:${site.id}:${username.toLowerCase()}`,
    input: { type: 'catalog-profile', siteId: site.id, username } satisfies z.infer<
      typeof catalogProfileInput
    >,
  };
}

export interface CatalogPageDeps {
  repo: Pick<ScanRepository, 'spendQueries' | 'recordQuery'>;
  crawler: Pick<CrawlerPort, 'fetchPage'>;
  catalog: () => SiteCatalog;
  settings: Pick<ScanSettings, 'respectRobots' | 'maxSearchPages' | 'maxMediaPerPage'>;
}

export function createCatalogPage(deps: CatalogPageDeps) {
  const { repo, crawler, settings } = deps;

  function maxSearchPages(scanRow: ScanRow): number {
    return scanRow.trigger === 'onboarding'
      ? FREE_SCAN_LIMITS.maxSearchPages
      : settings.maxSearchPages;
  }

  return async function catalogPage(
    input: CatalogPageInput,
    { scan: scanRow, enqueue }: StageContext,
  ): Promise<StageOutcome> {
    const site = siteById(deps.catalog(), input.siteId);
    if (!site)
      return { status: 'skipped', error: `The site catalog no longer has ${input.siteId}.` };
    if (!(await repo.spendQueries(scanRow.id, 1)))
      return { status: 'skipped', error: 'The scan’s query budget is spent.' };
    const url = input.type === 'catalog-search' ? input.url : profileUrl(site, input.username);
    const page = await crawler.fetchPage(url, { respectRobots: settings.respectRobots });
    const source = `catalog:${site.id}`;
    const query = input.type === 'catalog-search' ? input.query : `profile:${input.username}`;
    if (!page.ok) {
      // No listing page for this name on this site: nothing to find there, not a failure.
      const absent =
        input.type === 'catalog-profile' &&
        page.reason === 'http-status' &&
        (page.status === 404 || page.status === 410);
      await repo.recordQuery({
        scanId: scanRow.id,
        source,
        query,
        page: input.type === 'catalog-search' ? input.page : 0,
        queriesUsed: 1,
        resultCount: 0,
        error: absent ? null : page.message,
      });
      return absent
        ? { status: 'done', result: { results: 0, exists: false } }
        : failedFetchOutcome(page);
    }
    const extracted = page.html
      ? extractResults(
          site,
          input.type === 'catalog-search' ? 'search' : 'profile',
          page.html,
          page.finalUrl,
        )
      : { results: [], nextPageUrl: null };
    const catalog = deps.catalog();
    const tasks = extracted.results
      .map((r) =>
        fetchPageTask(
          { url: r.url, source, title: r.title, mediaHints: r.mediaUrls },
          { catalog, maxMediaPerPage: settings.maxMediaPerPage },
        ),
      )
      .filter((t): t is NewTask => t !== null);
    if (
      input.type === 'catalog-search' &&
      extracted.nextPageUrl &&
      input.page + 1 < maxSearchPages(scanRow)
    ) {
      tasks.push(catalogSearchTask(site, input.query, extracted.nextPageUrl, input.page + 1));
    }
    await repo.recordQuery({
      scanId: scanRow.id,
      source,
      query,
      page: input.type === 'catalog-search' ? input.page : 0,
      queriesUsed: 1,
      resultCount: extracted.results.length,
    });
    await enqueue(tasks);
    return { status: 'done', result: { results: extracted.results.length } };
  };
}
