// POST /api/staff/creators/{id}/grants (admins): her status, plan, features and flags.
import { grantCreatorResultSchema, type GrantCreator } from '@shark/contracts/staff-creators.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { creatorAuditQueryOptions } from './get-creator-audit.ts';
import { creatorQueryOptions } from './get-creator.ts';

export function grantCreator(id: string, changes: GrantCreator) {
  return api.post(
    `/api/staff/creators/${encodeURIComponent(id)}/grants`,
    changes,
    grantCreatorResultSchema,
  );
}

export function useGrantCreator(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: GrantCreator) => grantCreator(id, changes),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: creatorQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: creatorAuditQueryOptions(id).queryKey }),
      ]);
    },
  });
}
