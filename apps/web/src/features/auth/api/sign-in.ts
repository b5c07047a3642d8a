// POST /api/auth/sign-in/email: sets the session cookie and the logged-in indicator, or, when the
// account has two-factor on, answers `twoFactorRedirect` and the session waits for the code.
import { signInResultSchema } from '@shark/contracts/auth-mini.ts';
import type { SignInRequest } from '@shark/contracts/auth.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { staffMeQueryOptions } from '#app/lib/queries/get-staff-me.ts';
import { userQueryOptions } from '#app/lib/queries/get-user.ts';

export function signIn(input: SignInRequest): Promise<{ needsSecondFactor: boolean }> {
  return api
    .post('/api/auth/sign-in/email', input, signInResultSchema)
    .then((answer) => ({ needsSecondFactor: answer.twoFactorRedirect === true }));
}

/** Forgets what was cached for an earlier session: it must not be shown for this one. */
export function forgetPreviousSession(queryClient: ReturnType<typeof useQueryClient>): void {
  queryClient.removeQueries({ queryKey: userQueryOptions.queryKey });
  queryClient.removeQueries({ queryKey: staffMeQueryOptions.queryKey });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => forgetPreviousSession(queryClient),
  });
}
