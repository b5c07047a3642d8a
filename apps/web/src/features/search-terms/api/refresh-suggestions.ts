// POST /api/search-terms/suggestions/refresh: suggestions from the creator's current usernames.
import {
  refreshSuggestionsResultSchema,
  type RefreshSuggestionsResult,
} from '@shark/contracts/search-terms.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { searchTermsQueryKey } from './get-search-terms.ts';

export function refreshSuggestions(): Promise<RefreshSuggestionsResult> {
  return api.post('/api/search-terms/suggestions/refresh', {}, refreshSuggestionsResultSchema);
}

export function useRefreshSuggestions(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshSuggestions,
    // The answer carries the whole list: no second request.
    onSuccess: (result) => queryClient.setQueryData(searchTermsQueryKey(userId), result.list),
  });
}
