// DELETE /api/authorization: no new notice goes out; notices not sent yet are withdrawn.
import {
  authorizationStateSchema,
  type AuthorizationState,
} from '@shark/contracts/agent-authorization.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api.ts';
import { settleAuthorization } from './get-authorization.ts';

export function revokeAuthorization(): Promise<AuthorizationState> {
  return apiRequest('/api/authorization', { method: 'DELETE', schema: authorizationStateSchema });
}

export function useRevokeAuthorization(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAuthorization,
    onSuccess: (state) => settleAuthorization(queryClient, userId, state),
    // A 404 (already revoked elsewhere) or any failure: show what the server holds now.
    onError: () => settleAuthorization(queryClient, userId),
  });
}
