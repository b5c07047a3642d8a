// POST /api/whitelist/delete: several entries at once (all of them, or none).
import {
  deleteWhitelistEntriesResultSchema,
  type DeleteWhitelistEntriesResult,
} from '@shark/contracts/whitelist.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { invalidateWhitelist } from './get-whitelist.ts';

export function deleteWhitelistEntries(ids: string[]): Promise<DeleteWhitelistEntriesResult> {
  return api.post('/api/whitelist/delete', { ids }, deleteWhitelistEntriesResultSchema);
}

export function useDeleteWhitelistEntries(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWhitelistEntries,
    onSettled: () => invalidateWhitelist(queryClient, userId),
  });
}
