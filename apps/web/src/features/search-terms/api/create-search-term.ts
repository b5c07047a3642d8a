// POST /api/search-terms: add a term the creator typed.
import {
  searchTermSchema,
  type CreateSearchTerm,
  type SearchTerm,
} from '@shark/contracts/search-terms.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';
import { searchTermsQueryKey } from './get-search-terms.ts';

export function createSearchTerm(input: CreateSearchTerm): Promise<SearchTerm> {
  return api.post('/api/search-terms', input, searchTermSchema);
}

export function useCreateSearchTerm(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSearchTerm,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: searchTermsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
      ]);
    },
  });
}
