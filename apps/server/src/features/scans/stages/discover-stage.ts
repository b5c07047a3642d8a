// scan.discover: one query to a search API or one catalog site page; what it finds becomes fetch tasks.
import { z } from 'zod';
import type { RegisteredStage } from '#server/features/scans/scan-task-runner.ts';
import { defineStage } from '#server/features/scans/scan-task-runner.ts';
import { catalogProfileUrl, siteById } from '#server/features/scans/scan-urls.ts';
import {
  catalogProfileInput,
  catalogSearchInput,
  createCatalogPage,
  type CatalogPageDeps,
} from './discover-catalog-page.ts';
import {
  createSourceSearch,
  imageSourceInput,
  textSourceInput,
  type SourceSearchDeps,
} from './discover-source-search.ts';
import type { SiteExpansion } from './site-expansion.ts';
import {
  isSiteExpansionInput,
  siteExpansionInput,
  siteExpansionSubject,
  siteLinksInput,
  siteOpenSearchInput,
  siteSitemapInput,
} from './site-expansion-tasks.ts';

export const discoverInput = z.discriminatedUnion('type', [
  textSourceInput,
  imageSourceInput,
  catalogSearchInput,
  catalogProfileInput,
  siteExpansionInput,
  siteSitemapInput,
  siteOpenSearchInput,
  siteLinksInput,
]);
export type DiscoverInput = z.infer<typeof discoverInput>;

export type DiscoverDeps = SourceSearchDeps &
  CatalogPageDeps & { siteExpansion: SiteExpansion['discover'] };

export function createDiscoverStage(deps: DiscoverDeps): RegisteredStage {
  const searchSource = createSourceSearch(deps);
  const catalogPage = createCatalogPage(deps);
  return defineStage({
    name: 'discover',
    input: discoverInput,
    // A search API is no site of the catalog's: its failures keep their own retry.
    subjectUrl: (input) =>
      isSiteExpansionInput(input)
        ? siteExpansionSubject(input)
        : input.type === 'catalog-search'
          ? input.url
          : input.type === 'catalog-profile'
            ? catalogProfileUrl(siteById(deps.catalog(), input.siteId), input.username)
            : null,
    handle: (input, context) =>
      isSiteExpansionInput(input)
        ? deps.siteExpansion(input, context)
        : input.type === 'text-source' || input.type === 'image-source'
          ? searchSource(input, context)
          : catalogPage(input, context),
  });
}
