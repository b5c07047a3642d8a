// The tasks of a site's expansion: its plan (robots.txt's sitemaps, the home page), a sitemap, an
// OpenSearch description, a page whose links are read again; and the fetch task of a page it found.
import { z } from 'zod';
import type { SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import type { NewTask } from '#server/features/scans/scan-repository.ts';
import { urlTaskKey } from '#server/features/scans/scan-urls.ts';
import { fetchPageTask, type FetchPageInput } from './fetch-page-stage.ts';
import type { ExpansionMark } from './site-expansion-mark.ts';

/** Links of one page followed at most (the most promising first). */
export const MAX_LINKS_PER_PAGE = 40;

/** Where a page an expansion found came from, on its findings. */
export const EXPANSION_SOURCE = 'site-expansion';

export const siteExpansionInput = z.object({
  type: z.literal('site-expansion'),
  site: z.string(),
  origin: z.string(),
});
export const siteSitemapInput = z.object({
  type: z.literal('site-sitemap'),
  site: z.string(),
  url: z.string(),
  /** 0 for a sitemap robots.txt names (or /sitemap.xml), 1 for one a sitemap index lists. */
  depth: z.number().int().min(0),
});
export const siteOpenSearchInput = z.object({
  type: z.literal('site-opensearch'),
  site: z.string(),
  url: z.string(),
});
export const siteLinksInput = z.object({
  type: z.literal('site-links'),
  site: z.string(),
  url: z.string(),
});
export type SiteExpansionDiscoverInput =
  | z.infer<typeof siteExpansionInput>
  | z.infer<typeof siteSitemapInput>
  | z.infer<typeof siteOpenSearchInput>
  | z.infer<typeof siteLinksInput>;

const SITE_EXPANSION_TYPES: ReadonlySet<string> = new Set([
  'site-expansion',
  'site-sitemap',
  'site-opensearch',
  'site-links',
]);

export function isSiteExpansionInput(input: { type: string }): input is SiteExpansionDiscoverInput {
  return SITE_EXPANSION_TYPES.has(input.type);
}

/** The URL a site-expansion discover task fetches first (for the site's reachability). */
export function siteExpansionSubject(input: SiteExpansionDiscoverInput): string {
  return input.type === 'site-expansion' ? `${input.origin}/robots.txt` : input.url;
}

/** The task that plans a site's expansion in a scan (one per site: its key has no URL). */
export function siteExpansionTask(site: string, origin: string): NewTask {
  return {
    stage: 'discover',
    key: `site-expansion:${site}`,
    input: { type: 'site-expansion', site, origin } satisfies z.infer<typeof siteExpansionInput>,
  };
}

export function siteSitemapTask(site: string, url: string, depth: number): NewTask {
  return {
    stage: 'discover',
    key: `site-sitemap:${urlTaskKey(url)}`,
    input: { type: 'site-sitemap', site, url, depth } satisfies z.infer<typeof siteSitemapInput>,
  };
}

export function siteOpenSearchTask(site: string, url: string): NewTask {
  return {
    stage: 'discover',
    key: `site-opensearch:${urlTaskKey(url)}`,
    input: { type: 'site-opensearch', site, url } satisfies z.infer<typeof siteOpenSearchInput>,
  };
}

/** The task that reads a page's links again (a page that held a copy, fetched before its site expanded). */
export function siteLinksTask(site: string, url: string): NewTask {
  return {
    stage: 'discover',
    key: `site-links:${urlTaskKey(url)}`,
    input: { type: 'site-links', site, url } satisfies z.infer<typeof siteLinksInput>,
  };
}

/** The fetch task of a page an expansion found: matched like any page, its links followed in turn. */
export function expansionFetchTask(
  url: string,
  mark: ExpansionMark,
  context: { catalog: SiteCatalog; maxMediaPerPage: number },
): NewTask | null {
  const task = fetchPageTask(
    { url, source: EXPANSION_SOURCE, title: null, mediaHints: [] },
    context,
  );
  if (!task) return null;
  const input: FetchPageInput = { ...(task.input as FetchPageInput), expansion: mark };
  return { ...task, input };
}
