// POST /api/auth/change-password: needs the current password; every other session ends.
import type { changePasswordRequestSchema } from '@shark/contracts/auth.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#app/lib/api.ts';

export function changePassword(
  input: z.input<typeof changePasswordRequestSchema>,
): Promise<unknown> {
  return api.post('/api/auth/change-password', { ...input, revokeOtherSessions: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
