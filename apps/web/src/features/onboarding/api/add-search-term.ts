// POST {base}/search-terms: one of the creator's own terms.
import {
  searchTermSchema,
  type CreateSearchTerm,
  type SearchTerm,
} from '@shark/contracts/search-terms.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { onboardingKeys, type SetupApiBase } from '#app/features/onboarding/lib/setup-api.ts';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';

export function addSearchTerm(base: SetupApiBase, input: CreateSearchTerm): Promise<SearchTerm> {
  return api.post(`${base}/search-terms`, input, searchTermSchema);
}

export function useAddSearchTerm(userId: string, base: SetupApiBase) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSearchTerm) => addSearchTerm(base, input),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.searchTerms(userId, base) }),
        queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
      ]);
    },
  });
}
