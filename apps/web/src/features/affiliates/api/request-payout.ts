// POST /api/affiliate/payouts: the available balance of one currency. Earnings, commissions and payouts
// all change with it, so everything under the affiliate key is refetched.
import { affiliatePayoutSchema, type PayoutRequest } from '@shark/contracts/affiliates.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { AFFILIATE_QUERY_KEY } from './get-affiliate.ts';

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PayoutRequest) =>
      api.post('/api/affiliate/payouts', request, affiliatePayoutSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AFFILIATE_QUERY_KEY }),
  });
}
