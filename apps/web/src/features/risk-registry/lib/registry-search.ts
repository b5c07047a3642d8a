// The search options of /risk-registry (the search, the kind, the page, the open tab and entry) and
// the API query they make. Kept apart from the page so the route's validation stays small.
import { pageNumberSearchSchema } from '@shark/contracts/community-values.ts';
import {
  RISK_REGISTRY_KINDS,
  RISK_SEARCH_MAX_LENGTH,
} from '@shark/contracts/risk-registry-values.ts';
import * as z from 'zod/mini';

/** A value the page cannot use is dropped (an old or hand-edited link still opens the registry). */
const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

export const REGISTRY_TABS = ['registry', 'report', 'mine'] as const;
export type RegistryTab = (typeof REGISTRY_TABS)[number];

export const registrySearchSchema = z.object({
  // The router reads `?q=2024` as a number; a search is text either way.
  q: optional(
    z.pipe(
      z.union([z.string(), z.pipe(z.number(), z.transform(String))]),
      z.string().check(z.trim(), z.minLength(1), z.maxLength(RISK_SEARCH_MAX_LENGTH)),
    ),
  ),
  // Not `kind`: that name is the takedown report's, with other values, in the router's shared types.
  category: optional(z.enum(RISK_REGISTRY_KINDS)),
  page: optional(pageNumberSearchSchema),
  tab: optional(z.enum(REGISTRY_TABS)),
  /** The entry whose details are open. */
  entry: optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export type RegistrySearch = z.output<typeof registrySearchSchema>;

export type RegistryQuery = {
  q?: string | undefined;
  kind?: RegistrySearch['category'];
  page: number;
};

export function queryOf(search: RegistrySearch): RegistryQuery {
  return { q: search.q, kind: search.category, page: search.page ?? 1 };
}

export function apiSearchOf(query: RegistryQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.kind) params.set('kind', query.kind);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}
