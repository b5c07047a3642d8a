// POST /api/auth/request-password-reset for the signed-in user's own address: an account made with
// Google gets its first password through the reset link (the auth library creates the password then).
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function requestPasswordLink(email: string): Promise<unknown> {
  return api.post('/api/auth/request-password-reset', { email });
}

export function useRequestPasswordLink() {
  return useMutation({ mutationFn: requestPasswordLink });
}
