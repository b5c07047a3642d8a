// POST /api/staff/queue/{id}/finish: do the item's work through its kind's action and mark it done.
import { workItemSchema, type FinishWorkItem, type WorkItem } from '@shark/contracts/work-queue.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { queueKeys } from './queue-keys.ts';

export function finishWorkItem(id: string, input: FinishWorkItem): Promise<WorkItem> {
  return api.post(`/api/staff/queue/${encodeURIComponent(id)}/finish`, input, workItemSchema);
}

export function useFinishWorkItem(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FinishWorkItem) => finishWorkItem(id, input),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queueKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: queueKeys.counts() }),
        queryClient.invalidateQueries({ queryKey: queueKeys.item(id) }),
      ]);
    },
  });
}
