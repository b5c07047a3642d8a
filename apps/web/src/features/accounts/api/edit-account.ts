// PATCH /api/accounts/{id}: another username (which resets the ownership proof) or the old-account flag.
import {
  protectedAccountSchema,
  type EditProtectedAccount,
  type ProtectedAccount,
} from '@shark/contracts/accounts.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api.ts';
import { invalidateAccounts } from './get-accounts.ts';

export function editAccount(id: string, input: EditProtectedAccount): Promise<ProtectedAccount> {
  return apiRequest(`/api/accounts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
    schema: protectedAccountSchema,
  });
}

export function useEditAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EditProtectedAccount }) =>
      editAccount(id, input),
    onSettled: () => invalidateAccounts(queryClient, userId),
  });
}
