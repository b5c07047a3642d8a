// GET /api/auth/list-accounts: how the user can sign in ('credential' is e-mail + password, 'google').
import { linkedAccountsSchema, type LinkedAccount } from '@shark/contracts/auth.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getLinkedAccounts(signal?: AbortSignal): Promise<LinkedAccount[]> {
  return api.get('/api/auth/list-accounts', linkedAccountsSchema, signal);
}

export function linkedAccountsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['account-profile', userId, 'linked-accounts'],
    queryFn: ({ signal }) => getLinkedAccounts(signal),
  });
}

export function useLinkedAccounts(userId: string) {
  return useQuery(linkedAccountsQueryOptions(userId));
}
