// POST /api/support: a new request, waiting for the team.
import {
  supportRequestSchema,
  type OpenSupportRequest,
  type SupportRequest,
} from '@shark/contracts/support.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { supportKeys } from './support-keys.ts';

export function openSupportRequest(input: OpenSupportRequest): Promise<SupportRequest> {
  return api.post('/api/support', input, supportRequestSchema);
}

export function useOpenSupportRequest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openSupportRequest,
    onSuccess: (request) =>
      queryClient.setQueryData(supportKeys.detail(userId, request.id), request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.list(userId) }),
  });
}
