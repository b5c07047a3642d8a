// POST /api/auth/sign-up/email: the answer is the same whether or not the e-mail is taken.
import type { SignUpRequest } from '@shark/contracts/auth.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

/** callbackURL: where the user should land once the e-mail is verified. */
export function signUp(input: SignUpRequest): Promise<unknown> {
  return api.post('/api/auth/sign-up/email', input);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
