// Search options of /branches (the filters of Your Content). Kept apart from the page so the route's
// validation does not pull the page component into the entry chunk.
import { CONTENT_TYPES, SEARCH_TEXT_MAX } from '@shark/contracts/content-values.ts';
import * as z from 'zod/mini';
import type { ItemFilters } from '#app/features/content/api/content-keys.ts';

/** `collection=none` lists the items that are in no collection. */
export const UNCOLLECTED = 'none';

export const contentSearchSchema = z.object({
  collection: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  type: z.optional(z.enum(CONTENT_TYPES)),
  // The router reads `?q=2024` as a number; a search is text either way.
  q: z.optional(
    z.pipe(
      z.union([z.string(), z.pipe(z.number(), z.transform(String))]),
      z.string().check(z.trim(), z.maxLength(SEARCH_TEXT_MAX)),
    ),
  ),
});
export type ContentSearch = z.output<typeof contentSearchSchema>;

/** The filters the API takes, from the page's search (a blank search is no search). */
export function itemFiltersOf(search: ContentSearch): ItemFilters {
  return {
    ...(search.collection ? { collection: search.collection } : {}),
    ...(search.type ? { type: search.type } : {}),
    ...(search.q ? { q: search.q } : {}),
  };
}
