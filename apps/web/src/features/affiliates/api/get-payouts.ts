// GET /api/affiliate/payouts: her payout requests, newest first.
import { payoutListSchema, type PayoutList } from '@shark/contracts/affiliates.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { AFFILIATE_QUERY_KEY } from './get-affiliate.ts';

export const payoutsQueryOptions = queryOptions({
  queryKey: [...AFFILIATE_QUERY_KEY, 'payouts'],
  queryFn: ({ signal }): Promise<PayoutList> =>
    api.get('/api/affiliate/payouts', payoutListSchema, signal),
  staleTime: 10_000,
});

export function usePayouts() {
  return useQuery(payoutsQueryOptions);
}
