// POST /api/whitelist: one URL, domain or pattern, with an optional note.
import {
  whitelistEntrySchema,
  type AddWhitelistEntry,
  type WhitelistEntry,
} from '@shark/contracts/whitelist.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { invalidateWhitelist } from './get-whitelist.ts';

export function addWhitelistEntry(input: AddWhitelistEntry): Promise<WhitelistEntry> {
  return api.post('/api/whitelist', input, whitelistEntrySchema);
}

export function useAddWhitelistEntry(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWhitelistEntry,
    onSettled: () => invalidateWhitelist(queryClient, userId),
  });
}
