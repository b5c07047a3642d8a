// POST /api/auth/sign-in/email: sets the session cookie and the logged-in indicator.
import type { SignInRequest } from '@shark/contracts/auth.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { userQueryOptions } from '#app/lib/queries/get-user.ts';

export function signIn(input: SignInRequest): Promise<unknown> {
  return api.post('/api/auth/sign-in/email', input);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // A user cached from an earlier session must not be shown for this one.
    onSuccess: () => queryClient.removeQueries({ queryKey: userQueryOptions.queryKey }),
  });
}
