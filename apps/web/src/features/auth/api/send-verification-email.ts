// POST /api/auth/send-verification-email: sends the verification link again.
import type { sendVerificationRequestSchema } from '@shark/contracts/auth.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#app/lib/api.ts';

export type SendVerificationEmailInput = z.input<typeof sendVerificationRequestSchema>;

export function sendVerificationEmail(input: SendVerificationEmailInput): Promise<unknown> {
  return api.post('/api/auth/send-verification-email', input);
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
