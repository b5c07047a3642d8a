// GET /api/affiliate: her code and link, clicks, sign-ups, paying customers, earnings and the terms.
import { affiliateOverviewSchema, type AffiliateOverview } from '@shark/contracts/affiliates.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export const AFFILIATE_QUERY_KEY = ['affiliate'] as const;

export const affiliateQueryOptions = queryOptions({
  queryKey: AFFILIATE_QUERY_KEY,
  queryFn: ({ signal }): Promise<AffiliateOverview> =>
    api.get('/api/affiliate', affiliateOverviewSchema, signal),
  staleTime: 10_000,
});

export function useAffiliate() {
  return useQuery(affiliateQueryOptions);
}
