// POST /api/auth/change-email: mails a link to the new address; the address changes when it is opened.
import type { changeEmailRequestSchema } from '@shark/contracts/auth.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#app/lib/api.ts';

export function changeEmail(input: z.input<typeof changeEmailRequestSchema>): Promise<unknown> {
  return api.post('/api/auth/change-email', input);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
