// DELETE /api/whitelist/{id}
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api.ts';
import { invalidateWhitelist } from './get-whitelist.ts';

export async function deleteWhitelistEntry(id: string): Promise<void> {
  await apiRequest(`/api/whitelist/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteWhitelistEntry(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWhitelistEntry,
    onSettled: () => invalidateWhitelist(queryClient, userId),
  });
}
