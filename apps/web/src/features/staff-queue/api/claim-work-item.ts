// POST /api/staff/queue/{id}/claim and /release: take an item (no two agents hold one) or let it go.
import { workItemSchema, type WorkItem } from '@shark/contracts/work-queue.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { queueKeys } from './queue-keys.ts';

export function claimWorkItem(id: string): Promise<WorkItem> {
  return api.post(`/api/staff/queue/${encodeURIComponent(id)}/claim`, {}, workItemSchema);
}

export function releaseWorkItem(id: string): Promise<WorkItem> {
  return api.post(`/api/staff/queue/${encodeURIComponent(id)}/release`, {}, workItemSchema);
}

export function useClaimWorkItem(kind: 'claim' | 'release') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => (kind === 'claim' ? claimWorkItem(id) : releaseWorkItem(id)),
    onSettled: async (_item, _error, id) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queueKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: queueKeys.counts() }),
        queryClient.invalidateQueries({ queryKey: queueKeys.item(id) }),
      ]);
    },
  });
}
