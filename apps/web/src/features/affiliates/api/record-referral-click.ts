// POST /api/referrals/clicks: the sign-up page was opened through a referral link. The server counts it
// once per visitor and day; its answer is the same for any code, so it says nothing back.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

/** A query, not a mutation: it runs once per code and page visit. */
export const referralClickQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['referral-click', code],
    queryFn: async (): Promise<null> => {
      await api.post('/api/referrals/clicks', { code });
      return null;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useReferralClick(code: string | undefined) {
  return useQuery({
    ...referralClickQueryOptions(code ?? ''),
    enabled: code !== undefined && code.trim() !== '',
  });
}
