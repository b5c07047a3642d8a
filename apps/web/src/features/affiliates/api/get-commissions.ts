// GET /api/affiliate/commissions?page=N: her commissions, newest first, a page at a time.
import { commissionPageSchema, type CommissionPage } from '@shark/contracts/affiliates.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { AFFILIATE_QUERY_KEY } from './get-affiliate.ts';

export const commissionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...AFFILIATE_QUERY_KEY, 'commissions', page],
    queryFn: ({ signal }): Promise<CommissionPage> =>
      api.get(`/api/affiliate/commissions?page=${page}`, commissionPageSchema, signal),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export function useCommissions(page: number) {
  return useQuery(commissionsQueryOptions(page));
}
