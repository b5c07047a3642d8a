// POST {base}/search-terms/suggestions/refresh: suggestions from the usernames of step 1, with the
// terms the creator has already.
import {
  refreshSuggestionsResultSchema,
  type RefreshSuggestionsResult,
} from '@shark/contracts/search-terms.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { onboardingKeys, type SetupApiBase } from '#app/features/onboarding/lib/setup-api.ts';

export function refreshSuggestions(base: SetupApiBase): Promise<RefreshSuggestionsResult> {
  return api.post(`${base}/search-terms/suggestions/refresh`, {}, refreshSuggestionsResultSchema);
}

/**
 * Read as a query: making suggestions is idempotent (texts the creator has, or dismissed, are never
 * made again), and step 2 needs them each time it opens.
 */
export function onboardingTermsQueryOptions(userId: string, base: SetupApiBase) {
  return queryOptions({
    queryKey: onboardingKeys.searchTerms(userId, base),
    queryFn: () => refreshSuggestions(base),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useOnboardingTerms(userId: string, base: SetupApiBase) {
  return useQuery(onboardingTermsQueryOptions(userId, base));
}
