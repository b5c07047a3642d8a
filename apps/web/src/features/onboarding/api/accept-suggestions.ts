// POST {base}/search-terms/accept: the suggestions checked in step 2, as many as the plan allows.
import {
  acceptSuggestionsResultSchema,
  type AcceptSuggestionsResult,
} from '@shark/contracts/search-terms.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { onboardingKeys, type SetupApiBase } from '#app/features/onboarding/lib/setup-api.ts';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';

export function acceptSuggestions(
  base: SetupApiBase,
  ids: string[],
): Promise<AcceptSuggestionsResult> {
  return api.post(`${base}/search-terms/accept`, { ids }, acceptSuggestionsResultSchema);
}

export function useAcceptSuggestions(userId: string, base: SetupApiBase) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => acceptSuggestions(base, ids),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.searchTerms(userId, base) }),
        queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
      ]);
    },
  });
}
