// POST /api/whitelist/check: whether a URL is whitelisted, by which entry, and why. A query under the
// whitelist's key, so the answer is asked again whenever the whitelist changes.
import {
  checkWhitelistResultSchema,
  type CheckWhitelistResult,
} from '@shark/contracts/whitelist.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { whitelistQueryKey } from './get-whitelist.ts';

export function checkWhitelist(url: string): Promise<CheckWhitelistResult> {
  return api.post('/api/whitelist/check', { url }, checkWhitelistResultSchema);
}

export function checkWhitelistQueryOptions(userId: string, url: string) {
  return queryOptions({
    queryKey: [...whitelistQueryKey(userId), 'check', url] as const,
    queryFn: () => checkWhitelist(url),
    // A refused address stays refused: asking again would show the same message.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Asks once `url` is set (the box was submitted). */
export function useCheckWhitelist(userId: string, url: string | undefined) {
  return useQuery({
    ...checkWhitelistQueryOptions(userId, url ?? ''),
    enabled: url !== undefined,
  });
}
