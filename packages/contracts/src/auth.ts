// Account forms and the search options of the public auth routes.
import { z } from 'zod';
import {
  BACKUP_CODE_MAX_LENGTH,
  BACKUP_CODE_MESSAGES,
  CUSTOM_REDIRECT_MESSAGE,
  EMAIL_MAX_LENGTH,
  EMAIL_MESSAGES,
  PASSWORD_MISSING_MESSAGE,
  TOTP_CODE_MESSAGE,
  TOTP_CODE_PATTERN,
  isSameSitePath,
  withoutSpaces,
} from './auth-mini.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

/** Trimmed and lower-cased, so one mailbox is one account. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, EMAIL_MESSAGES.missing)
  .max(EMAIL_MAX_LENGTH, EMAIL_MESSAGES.tooLong)
  .pipe(z.email(EMAIL_MESSAGES.invalid))
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

export const referralCodeSchema = z
  .string()
  .trim()
  .max(64, 'This referral code is too long.')
  .regex(/^[A-Za-z0-9_-]*$/, 'A referral code has only letters, digits, - and _.');

export const signUpFormSchema = z
  .object({
    name: z.string().trim().max(NAME_MAX_LENGTH, 'This name is too long.'),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    referralCode: referralCodeSchema,
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });
export type SignUpForm = z.input<typeof signUpFormSchema>;

export const signInFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, PASSWORD_MISSING_MESSAGE),
});
export type SignInForm = z.input<typeof signInFormSchema>;

export const resetRequestFormSchema = z.object({ email: emailSchema });

export const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });

/** Only same-site paths may be used as a redirect target after sign-in (see `isSameSitePath`). */
export const customRedirectSchema = z
  .string()
  .refine(isSameSitePath, { message: CUSTOM_REDIRECT_MESSAGE });

export const signInSearchSchema = z.object({
  isAffiliateOnly: z.boolean().optional(),
  customRedirect: customRedirectSchema.optional(),
});

export const signUpSearchSchema = z.object({
  rFromSearch: z.string().optional(),
  isAffiliateOnly: z.boolean().optional(),
  customRedirect: customRedirectSchema.optional(),
  customOfferId: z.string().optional(),
});

export const claimOfferSearchSchema = z.object({ customOfferId: z.string().optional() });

// --- Bodies of the auth endpoints as the server accepts them (the auth library sits behind). ---

const confirmationMatches = (form: { confirmPassword?: string | undefined }, password: string) =>
  form.confirmPassword === undefined || form.confirmPassword === password;

export const signUpRequestSchema = z
  .object({
    name: z.string().trim().max(NAME_MAX_LENGTH, 'This name is too long.').default(''),
    email: emailSchema,
    password: passwordSchema,
    /** The repeated password; when sent, it must match. */
    confirmPassword: z.string().optional(),
    isAffiliateOnly: z.boolean().optional(),
    referralCode: referralCodeSchema.optional(),
    callbackURL: customRedirectSchema.optional(),
  })
  .refine((body) => confirmationMatches(body, body.password), {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  })
  .transform(({ confirmPassword: _confirmed, ...body }) => body);
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(1, 'Enter your password.')
    .max(PASSWORD_MAX_LENGTH * 4),
  callbackURL: customRedirectSchema.optional(),
  rememberMe: z.boolean().optional(),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

export const passwordResetRequestSchema = z.object({
  email: emailSchema,
  redirectTo: customRedirectSchema.optional(),
});

export const resetPasswordRequestSchema = z
  .object({
    token: z.string().min(1, 'The reset link is incomplete.').max(512),
    newPassword: passwordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((body) => confirmationMatches(body, body.newPassword), {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  })
  .transform(({ confirmPassword: _confirmed, ...body }) => body);

export const sendVerificationRequestSchema = z.object({
  email: emailSchema,
  callbackURL: customRedirectSchema.optional(),
});

// --- /account: profile, e-mail change, password change (the auth library's own endpoints behind). ---

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Enter your name.')
  .max(NAME_MAX_LENGTH, 'This name is too long.');

/** POST /api/auth/update-user: only the name; the account's other fields are not the user's to set here. */
export const updateProfileRequestSchema = z.object({ name: nameSchema });
export const profileFormSchema = updateProfileRequestSchema;
export type ProfileForm = z.input<typeof profileFormSchema>;

/** POST /api/auth/change-email: the link goes to the new address; the change applies when it is opened. */
export const changeEmailRequestSchema = z.object({
  newEmail: emailSchema,
  callbackURL: customRedirectSchema.optional(),
});
export const changeEmailFormSchema = z.object({ newEmail: emailSchema });
export type ChangeEmailForm = z.input<typeof changeEmailFormSchema>;

/** POST /api/auth/change-password: other sessions end unless the caller says otherwise. */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, 'Enter your current password.')
      .max(PASSWORD_MAX_LENGTH * 4),
    newPassword: passwordSchema,
    confirmPassword: z.string().optional(),
    revokeOtherSessions: z.boolean().default(true),
  })
  .refine((body) => confirmationMatches(body, body.newPassword), {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  })
  .transform(({ confirmPassword: _confirmed, ...body }) => body);

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.'),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** GET /api/auth/list-accounts: the ways the user can sign in ('credential' is e-mail + password). */
export const linkedAccountSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  accountId: z.string(),
});
export const linkedAccountsSchema = z.array(linkedAccountSchema);
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

// --- Two-factor authentication (TOTP from an authenticator app, and one-time backup codes). ---

/** The sign-in answer when the account has two-factor on: no session yet, a code is asked next. */
export const signInResultSchema = z.looseObject({ twoFactorRedirect: z.boolean().optional() });

/** POST /api/auth/two-factor/enable: the current password confirms it is her. */
export const enableTwoFactorRequestSchema = z.object({
  password: z.string().min(1, 'Enter your password.'),
});
/** The secret as an otpauth:// URI (for the QR code) and the backup codes, shown once. */
export const enableTwoFactorResultSchema = z.object({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});
export type EnableTwoFactorResult = z.infer<typeof enableTwoFactorResultSchema>;

/** POST /api/auth/two-factor/verify-totp. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform(withoutSpaces)
    .pipe(z.string().regex(TOTP_CODE_PATTERN, TOTP_CODE_MESSAGE)),
});

/** POST /api/auth/two-factor/verify-backup-code: one of the codes saved at set-up, used once. */
export const backupCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, BACKUP_CODE_MESSAGES.missing)
    .max(BACKUP_CODE_MAX_LENGTH, BACKUP_CODE_MESSAGES.tooLong),
});

/** POST /api/auth/two-factor/disable. */
export const disableTwoFactorRequestSchema = enableTwoFactorRequestSchema;
