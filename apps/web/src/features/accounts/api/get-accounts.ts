// GET /api/accounts: the creator's accounts on each platform, with their ownership proof.
import {
  protectedAccountListSchema,
  type ProtectedAccountList,
} from '@shark/contracts/accounts.ts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';

export function getAccounts(signal?: AbortSignal): Promise<ProtectedAccountList> {
  return api.get('/api/accounts', protectedAccountListSchema, signal);
}

/** Keyed by the user, so accounts cached in this tab are never shown to the next account signed in. */
export const accountsQueryKey = (userId: string) => ['accounts', userId] as const;

export function accountsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountsQueryKey(userId),
    queryFn: ({ signal }) => getAccounts(signal),
  });
}

export function useAccounts(userId: string) {
  return useQuery(accountsQueryOptions(userId));
}

/** After a change: the list, and the usage meter that counts usernames. */
export async function invalidateAccounts(queryClient: QueryClient, userId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: accountsQueryKey(userId) }),
    queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
  ]);
}
