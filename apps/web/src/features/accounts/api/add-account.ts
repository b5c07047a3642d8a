// POST /api/accounts: a username, "@name", "u/name" or profile link on a platform (a website's address).
import {
  protectedAccountSchema,
  type AddProtectedAccount,
  type ProtectedAccount,
} from '@shark/contracts/accounts.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { invalidateAccounts } from './get-accounts.ts';

export function addAccount(input: AddProtectedAccount): Promise<ProtectedAccount> {
  return api.post('/api/accounts', input, protectedAccountSchema);
}

export function useAddAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAccount,
    onSettled: () => invalidateAccounts(queryClient, userId),
  });
}
