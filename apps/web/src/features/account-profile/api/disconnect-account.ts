// POST /api/auth/unlink-account: the server refuses to remove the last way to sign in.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { linkedAccountsQueryOptions } from './linked-accounts.ts';

export function disconnectAccount(accountId: string): Promise<unknown> {
  return api.post('/api/auth/unlink-account', { accountId });
}

export function useDisconnectAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectAccount,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: linkedAccountsQueryOptions(userId).queryKey }),
  });
}
