// The auth library's two-factor endpoints, shared by the sign-in page's code step and the set-up
// page: turning TOTP on (password → secret and backup codes), and checking a code.
import { enableTwoFactorResultSchema } from '@shark/contracts/auth-mini.ts';
import type { EnableTwoFactorResult } from '@shark/contracts/auth.ts';
import { api } from '#app/lib/api.ts';

export function enableTwoFactor(password: string): Promise<EnableTwoFactorResult> {
  return api.post('/api/auth/two-factor/enable', { password }, enableTwoFactorResultSchema);
}

export async function disableTwoFactor(password: string): Promise<void> {
  await api.post('/api/auth/two-factor/disable', { password });
}

/**
 * Checks a code from the authenticator app. At sign-in it opens the session; at set-up it turns
 * two-factor on.
 */
export async function verifyTotp(code: string): Promise<void> {
  await api.post('/api/auth/two-factor/verify-totp', { code });
}

/** Checks a backup code at sign-in (each works once) and opens the session. */
export async function verifyBackupCode(code: string): Promise<void> {
  await api.post('/api/auth/two-factor/verify-backup-code', { code });
}

/** The secret of an otpauth:// URI, for people who type it into their app instead of scanning. */
export function secretOfTotpUri(uri: string): string | undefined {
  try {
    return new URL(uri).searchParams.get('secret') ?? undefined;
  } catch {
    return undefined;
  }
}

/** The secret in groups of four, easier to copy by hand. */
export function groupedSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}
