// POST /api/auth/request-password-reset: always the same answer, so it reveals no accounts.
import type { passwordResetRequestSchema } from '@shark/contracts/auth.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#app/lib/api.ts';

export function requestPasswordReset(
  input: z.input<typeof passwordResetRequestSchema>,
): Promise<unknown> {
  return api.post('/api/auth/request-password-reset', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
