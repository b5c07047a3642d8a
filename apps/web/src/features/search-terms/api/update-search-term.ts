// PATCH /api/search-terms/{id}: change an active term's text or sources.
import {
  searchTermSchema,
  type SearchTerm,
  type UpdateSearchTerm,
} from '@shark/contracts/search-terms.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api.ts';
import { searchTermsQueryKey } from './get-search-terms.ts';

export function updateSearchTerm({
  id,
  ...changes
}: UpdateSearchTerm & { id: string }): Promise<SearchTerm> {
  return apiRequest(`/api/search-terms/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    schema: searchTermSchema,
  });
}

export function useUpdateSearchTerm(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSearchTerm,
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchTermsQueryKey(userId) }),
  });
}
