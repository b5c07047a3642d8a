// POST /api/referrals/clicks: the sign-up page was opened through a referral link. The server counts it
// once per visitor (its own cookie) and day; the answer says whether the code is an affiliate's.
import {
  referralClickResultSchema,
  type ReferralClickResult,
} from '@shark/contracts/affiliates.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

/** A query, not a mutation: it runs once per code and page visit, and its answer is read by the form. */
export const referralClickQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['referral-click', code],
    queryFn: (): Promise<ReferralClickResult> =>
      api.post('/api/referrals/clicks', { code }, referralClickResultSchema),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useReferralClick(code: string | undefined) {
  return useQuery({
    ...referralClickQueryOptions(code ?? ''),
    enabled: code !== undefined && code.trim() !== '',
  });
}
