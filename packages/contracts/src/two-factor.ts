// TOTP two-factor authentication (an authenticator app): turning it on and off, and the code asked at
// sign-in once it is on. Staff must have it on; any user may.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.ts';

const passwordSchema = z
  .string({ error: 'Enter your password.' })
  .min(1, 'Enter your password.')
  .max(PASSWORD_MAX_LENGTH * 4);

/** POST /api/auth/two-factor/enable and /disable: the current password confirms it is her. */
export const twoFactorPasswordSchema = z.object({ password: passwordSchema });
export type TwoFactorPassword = z.infer<typeof twoFactorPasswordSchema>;

/** POST /api/auth/two-factor/verify-totp: the six digits the app shows. */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code from your authenticator app.' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
  trustDevice: z.boolean().optional(),
});
export type TotpCode = z.infer<typeof totpCodeSchema>;

/** POST /api/auth/two-factor/verify-backup-code: one of the codes saved when it was turned on. */
export const backupCodeSchema = z.object({
  code: z
    .string({ error: 'Enter one of your backup codes.' })
    .trim()
    .min(1, 'Enter one of your backup codes.')
    .max(64, 'That is not a backup code.'),
  trustDevice: z.boolean().optional(),
});
export type BackupCode = z.infer<typeof backupCodeSchema>;
