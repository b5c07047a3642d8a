// POST /api/support/{id}/messages: her reply; the request waits for the team again.
import { supportRequestSchema, type SupportRequest } from '@shark/contracts/support.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { supportKeys } from './support-keys.ts';

export function replySupportRequest(id: string, message: string): Promise<SupportRequest> {
  return api.post(
    `/api/support/${encodeURIComponent(id)}/messages`,
    { message },
    supportRequestSchema,
  );
}

export function useReplySupportRequest(userId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => replySupportRequest(id, message),
    onSuccess: (request) => queryClient.setQueryData(supportKeys.detail(userId, id), request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.list(userId) }),
  });
}
