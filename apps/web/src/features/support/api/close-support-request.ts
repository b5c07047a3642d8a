// POST /api/support/{id}/close: she no longer needs help with it.
import { supportRequestSchema, type SupportRequest } from '@shark/contracts/support.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { supportKeys } from './support-keys.ts';

export function closeSupportRequest(id: string): Promise<SupportRequest> {
  return api.post(`/api/support/${encodeURIComponent(id)}/close`, {}, supportRequestSchema);
}

export function useCloseSupportRequest(userId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeSupportRequest(id),
    onSuccess: (request) => queryClient.setQueryData(supportKeys.detail(userId, id), request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.list(userId) }),
  });
}
