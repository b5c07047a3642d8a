// GET /api/search-terms: the creator's active terms and the suggestions waiting for them.
import { searchTermListSchema, type SearchTermList } from '@shark/contracts/search-terms.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getSearchTerms(signal?: AbortSignal): Promise<SearchTermList> {
  return api.get('/api/search-terms', searchTermListSchema, signal);
}

/** Keyed by the user, so one account's terms are never shown to the next account signed in. */
export const searchTermsQueryKey = (userId: string) => ['search-terms', userId] as const;

export function searchTermsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: searchTermsQueryKey(userId),
    queryFn: ({ signal }) => getSearchTerms(signal),
  });
}

export function useSearchTerms(userId: string) {
  return useQuery(searchTermsQueryOptions(userId));
}
