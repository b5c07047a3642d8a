// POST /api/whitelist/bulk: pasted entries, one per line; answers with what happened to each line.
import {
  whitelistBulkReportSchema,
  type AddManyWhitelist,
  type WhitelistBulkReport,
} from '@shark/contracts/whitelist.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { invalidateWhitelist } from './get-whitelist.ts';

export function addManyWhitelist(input: AddManyWhitelist): Promise<WhitelistBulkReport> {
  return api.post('/api/whitelist/bulk', input, whitelistBulkReportSchema);
}

export function useAddManyWhitelist(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addManyWhitelist,
    onSettled: () => invalidateWhitelist(queryClient, userId),
  });
}
