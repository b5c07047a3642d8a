// The schemas of auth.ts that the sign-in page and route search validation use, built with zod/mini
// for the web app's first render, so that zod's classic API (which the server's OpenAPI generator
// needs) stays out of it. They share their rules and messages with auth.ts; `toZod` keeps their
// types equal to auth.ts's.
import * as z from 'zod/mini';
import type { z as classic } from 'zod';
import type * as auth from './auth.ts';

type Output<T extends classic.ZodType> = classic.output<T>;

export const EMAIL_MESSAGES = {
  missing: 'Enter your e-mail address.',
  tooLong: 'This e-mail address is too long.',
  invalid: 'Enter a valid e-mail address.',
} as const;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MISSING_MESSAGE = 'Enter your password.';
export const CUSTOM_REDIRECT_MESSAGE = 'customRedirect must be a path on this site.';
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const TOTP_CODE_MESSAGE = 'Enter the 6 digits your authenticator app shows.';
export const BACKUP_CODE_MAX_LENGTH = 64;
export const BACKUP_CODE_MESSAGES = {
  missing: 'Enter one of your backup codes.',
  tooLong: 'This is not a backup code.',
} as const;

/**
 * Only same-site paths may be used as a redirect target after sign-in. Browsers read a backslash as "/"
 * and drop tabs and line breaks from URLs, so "/<backslash>evil.example" or "/<tab>/evil.example" would
 * leave the site.
 */
export function isSameSitePath(value: string): boolean {
  return (
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\') &&
    ![...value].some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f)
  );
}

/** Whitespace is dropped from a TOTP code: apps show it as "123 456". */
export const withoutSpaces = (value: string) => value.replace(/\s+/g, '');

export const customRedirectSchema = z
  .string()
  .check(z.refine(isSameSitePath, { message: CUSTOM_REDIRECT_MESSAGE }));

export const emailSchema = z.pipe(
  z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, EMAIL_MESSAGES.missing),
        z.maxLength(EMAIL_MAX_LENGTH, EMAIL_MESSAGES.tooLong),
      ),
    z.email(EMAIL_MESSAGES.invalid),
  ),
  z.transform((value: string) => value.toLowerCase()),
);

export const signInSearchSchema = z.toZod<Output<typeof auth.signInSearchSchema>>()(
  z.object({
    isAffiliateOnly: z.optional(z.boolean()),
    customRedirect: z.optional(customRedirectSchema),
  }),
);

export const signUpSearchSchema = z.toZod<Output<typeof auth.signUpSearchSchema>>()(
  z.object({
    rFromSearch: z.optional(z.string()),
    isAffiliateOnly: z.optional(z.boolean()),
    customRedirect: z.optional(customRedirectSchema),
    customOfferId: z.optional(z.string()),
  }),
);

export const claimOfferSearchSchema = z.toZod<Output<typeof auth.claimOfferSearchSchema>>()(
  z.object({ customOfferId: z.optional(z.string()) }),
);

export const signInFormSchema = z.toZod<Output<typeof auth.signInFormSchema>>()(
  z.object({
    email: emailSchema,
    password: z.string().check(z.minLength(1, PASSWORD_MISSING_MESSAGE)),
  }),
);

/** The sign-in answer when the account has two-factor on: no session yet, a code is asked next. */
export const signInResultSchema = z.toZod<Output<typeof auth.signInResultSchema>>()(
  z.looseObject({ twoFactorRedirect: z.optional(z.boolean()) }),
);

export const totpCodeSchema = z.toZod<Output<typeof auth.totpCodeSchema>>()(
  z.object({
    code: z.pipe(
      z.pipe(z.string(), z.transform(withoutSpaces)),
      z.string().check(z.regex(TOTP_CODE_PATTERN, TOTP_CODE_MESSAGE)),
    ),
  }),
);

export const backupCodeSchema = z.toZod<Output<typeof auth.backupCodeSchema>>()(
  z.object({
    code: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, BACKUP_CODE_MESSAGES.missing),
        z.maxLength(BACKUP_CODE_MAX_LENGTH, BACKUP_CODE_MESSAGES.tooLong),
      ),
  }),
);

export const enableTwoFactorResultSchema = z.toZod<
  Output<typeof auth.enableTwoFactorResultSchema>
>()(z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }));
