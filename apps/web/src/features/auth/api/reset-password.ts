// POST /api/auth/reset-password: 400 INVALID_TOKEN when the link is used, wrong or expired.
import type { resetPasswordRequestSchema } from '@shark/contracts/auth.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#app/lib/api.ts';

export type ResetPasswordInput = z.input<typeof resetPasswordRequestSchema>;

export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return api.post('/api/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
