// GET /api/affiliate/terms: the commission rate, hold and minimum payout the server applies.
import { affiliateTermsSchema, type AffiliateTerms } from '@shark/contracts/affiliates.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export const affiliateTermsQueryOptions = queryOptions({
  queryKey: ['affiliate-terms'],
  queryFn: ({ signal }): Promise<AffiliateTerms> =>
    api.get('/api/affiliate/terms', affiliateTermsSchema, signal),
  // Read at the server's start-up: it does not change while the app runs.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAffiliateTerms() {
  return useQuery(affiliateTermsQueryOptions);
}
