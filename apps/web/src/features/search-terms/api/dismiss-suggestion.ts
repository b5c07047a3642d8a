// POST /api/search-terms/{id}/dismiss: hide a suggestion for good.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { searchTermsQueryKey } from './get-search-terms.ts';

export async function dismissSuggestion(id: string): Promise<void> {
  await api.post(`/api/search-terms/${encodeURIComponent(id)}/dismiss`, {});
}

export function useDismissSuggestion(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissSuggestion,
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchTermsQueryKey(userId) }),
  });
}
