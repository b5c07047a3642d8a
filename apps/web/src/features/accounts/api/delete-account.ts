// DELETE /api/accounts/{id}
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api.ts';
import { invalidateAccounts } from './get-accounts.ts';

export async function deleteAccount(id: string): Promise<void> {
  await apiRequest(`/api/accounts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSettled: () => invalidateAccounts(queryClient, userId),
  });
}
