// POST /api/authorization: she signs (any previous authorisation is revoked); notices waiting for her
// signature go out. 400 names the field at fault, 403 an unverified e-mail, 409 a brand without agent.
import {
  authorizationStateSchema,
  type AuthorizationState,
  type SignAuthorization,
} from '@shark/contracts/agent-authorization.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { settleAuthorization } from './get-authorization.ts';

export function signAuthorization(input: SignAuthorization): Promise<AuthorizationState> {
  return api.post('/api/authorization', input, authorizationStateSchema);
}

export function useSignAuthorization(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signAuthorization,
    onSuccess: (state) => settleAuthorization(queryClient, userId, state),
    onError: () => settleAuthorization(queryClient, userId),
  });
}
