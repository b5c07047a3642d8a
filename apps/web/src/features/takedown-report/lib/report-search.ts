// The search options of /takedown-report (filters, order, the page's cursor, the open takedown) and
// how they become the API's query and the export links. Kept apart from the page so the route's
// validation does not pull the page component into the entry chunk.
import { SITE_KINDS } from '@shark/contracts/findings-values.ts';
import {
  TAKEDOWN_KINDS,
  TAKEDOWN_SEARCH_MAX,
  TAKEDOWN_SORTS,
  TAKEDOWN_STATUSES,
  SORT_DIRECTIONS,
  reportDateSearchSchema,
} from '@shark/contracts/takedown-report-values.ts';
import type {
  SortDirection,
  TakedownSort,
  TakedownStatus,
} from '@shark/contracts/takedown-report.ts';
import * as z from 'zod/mini';

/** A value the page cannot use is dropped (an old or hand-edited link still opens the report). */
const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

export const takedownReportSearchSchema = z.object({
  status: optional(
    z.pipe(
      z.array(z.enum(TAKEDOWN_STATUSES)).check(z.maxLength(TAKEDOWN_STATUSES.length)),
      z.transform((list: TakedownStatus[]) => [...new Set(list)]),
    ),
  ),
  kind: optional(z.enum(TAKEDOWN_KINDS)),
  siteKind: optional(z.enum(SITE_KINDS)),
  // The router reads `?q=2024` as a number; a search is text either way.
  q: optional(
    z.pipe(
      z.union([z.string(), z.pipe(z.number(), z.transform(String))]),
      z.string().check(z.trim(), z.maxLength(TAKEDOWN_SEARCH_MAX)),
    ),
  ),
  from: optional(reportDateSearchSchema),
  to: optional(reportDateSearchSchema),
  sort: optional(z.enum(TAKEDOWN_SORTS)),
  dir: optional(z.enum(SORT_DIRECTIONS)),
  cursor: optional(z.string().check(z.minLength(1), z.maxLength(1000))),
  /** The takedown whose details are open in the side panel. */
  takedown: optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export type TakedownReportSearch = z.output<typeof takedownReportSearchSchema>;

export const DEFAULT_SORT: TakedownSort = 'confirmedAt';
export const DEFAULT_DIR: SortDirection = 'desc';

/** What the report asks the API for: the filters, the order and the page. */
export type TakedownQuery = Omit<TakedownReportSearch, 'takedown'>;

export function queryOf(search: TakedownReportSearch): TakedownQuery {
  const { takedown: _open, ...query } = search;
  // A start after the end would be refused: the two are swapped, which is what was meant.
  if (query.from && query.to && query.from > query.to)
    return { ...query, from: query.to, to: query.from };
  return query;
}

/** Filters applied, not counting the order or the page. */
export function hasFilters(search: TakedownReportSearch): boolean {
  return Boolean(
    (search.status && search.status.length > 0) ||
    search.kind ||
    search.siteKind ||
    search.q ||
    search.from ||
    search.to,
  );
}

/** The API's query string: statuses repeated, blanks left out. */
export function apiSearchOf(
  query: TakedownQuery,
  options: { withCursor?: boolean } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  for (const status of query.status ?? []) params.append('status', status);
  if (query.kind) params.set('kind', query.kind);
  if (query.siteKind) params.set('siteKind', query.siteKind);
  if (query.q) params.set('q', query.q);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  params.set('sort', query.sort ?? DEFAULT_SORT);
  params.set('dir', query.dir ?? DEFAULT_DIR);
  if (options.withCursor !== false && query.cursor) params.set('cursor', query.cursor);
  return params;
}

/** The export's address with the report's filters and order (every row, so no cursor). */
export function exportUrl(format: 'csv' | 'pdf', query: TakedownQuery, provider: string): string {
  const params = apiSearchOf(query, { withCursor: false });
  // A download link cannot send the provider header; the brand goes in the address.
  params.set('provider', provider);
  return `/api/takedowns/export.${format}?${params.toString()}`;
}
