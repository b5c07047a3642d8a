// DELETE /api/search-terms/{id}
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api.ts';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';
import { searchTermsQueryKey } from './get-search-terms.ts';

export async function deleteSearchTerm(id: string): Promise<void> {
  await apiRequest(`/api/search-terms/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSearchTerm(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSearchTerm,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: searchTermsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
      ]);
    },
  });
}
