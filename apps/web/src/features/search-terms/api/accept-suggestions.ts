// POST /api/search-terms/accept: several suggestions in order, as many as the plan allows.
import {
  acceptSuggestionsResultSchema,
  type AcceptSuggestionsResult,
} from '@shark/contracts/search-terms.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';
import { searchTermsQueryKey } from './get-search-terms.ts';

export function acceptSuggestions(ids: string[]): Promise<AcceptSuggestionsResult> {
  return api.post('/api/search-terms/accept', { ids }, acceptSuggestionsResultSchema);
}

export function useAcceptSuggestions(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptSuggestions,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: searchTermsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
      ]);
    },
  });
}
