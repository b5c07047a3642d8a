// GET /api/staff/creators?q=: creators found by e-mail address, name, username, search term or page.
import {
  creatorSearchResultSchema,
  type CreatorSearchResult,
} from '@shark/contracts/staff-creators.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function searchCreators(q: string, signal?: AbortSignal): Promise<CreatorSearchResult> {
  return api.get(
    `/api/staff/creators?q=${encodeURIComponent(q)}`,
    creatorSearchResultSchema,
    signal,
  );
}

export function creatorSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['staff', 'creators', 'search', q] as const,
    queryFn: ({ signal }) => searchCreators(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** Searches only once the text is long enough to mean something. */
export function useCreatorSearch(q: string) {
  return useQuery({ ...creatorSearchQueryOptions(q), enabled: q.trim().length >= 2 });
}
