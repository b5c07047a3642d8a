// GET /api/whitelist: the creator's whitelist entries, newest first.
import { whitelistListSchema, type WhitelistList } from '@shark/contracts/whitelist.ts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';

export function getWhitelist(signal?: AbortSignal): Promise<WhitelistList> {
  return api.get('/api/whitelist', whitelistListSchema, signal);
}

/** Keyed by the user, so one account's whitelist is never shown to the next account signed in. */
export const whitelistQueryKey = (userId: string) => ['whitelist', userId] as const;

export function whitelistQueryOptions(userId: string) {
  return queryOptions({
    queryKey: whitelistQueryKey(userId),
    queryFn: ({ signal }) => getWhitelist(signal),
  });
}

export function useWhitelist(userId: string) {
  return useQuery(whitelistQueryOptions(userId));
}

/** After any change: the list, and the usage meter that counts it. */
export async function invalidateWhitelist(queryClient: QueryClient, userId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: whitelistQueryKey(userId) }),
    queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
  ]);
}
