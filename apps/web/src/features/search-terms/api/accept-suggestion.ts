// POST /api/search-terms/{id}/accept: a suggestion becomes an active term (or a dismissal is undone).
import { searchTermSchema, type SearchTerm } from '@shark/contracts/search-terms.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';
import { searchTermsQueryKey } from './get-search-terms.ts';

export function acceptSuggestion(id: string): Promise<SearchTerm> {
  return api.post(`/api/search-terms/${encodeURIComponent(id)}/accept`, {}, searchTermSchema);
}

export function useAcceptSuggestion(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptSuggestion,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: searchTermsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
      ]);
    },
  });
}
