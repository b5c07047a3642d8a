// The second step of signing in with two-factor on: POST /api/auth/two-factor/verify-totp (a code
// from the authenticator app) or /verify-backup-code (a saved backup code) opens the session.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetPreviousSession } from '#app/features/auth/api/sign-in.ts';
import { verifyBackupCode, verifyTotp } from '#app/lib/two-factor.ts';

export type SignInCode = { method: 'totp' | 'backup'; code: string };

export function verifySignInCode({ method, code }: SignInCode): Promise<void> {
  return method === 'totp' ? verifyTotp(code) : verifyBackupCode(code);
}

export function useVerifySignInCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySignInCode,
    onSuccess: () => forgetPreviousSession(queryClient),
  });
}
