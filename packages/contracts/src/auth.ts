// Account forms and the search options of the public auth routes (spec §2, §5).
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

/** Trimmed and lower-cased, so one mailbox is one account. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address.')
  .max(254, 'This e-mail address is too long.')
  .pipe(z.email('Enter a valid e-mail address.'))
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
  password: z.string().min(1, 'Enter your password.'),
});
export type SignInForm = z.input<typeof signInFormSchema>;

export const resetRequestFormSchema = z.object({ email: emailSchema });

export const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });

/** Only same-site paths may be used as a redirect target after sign-in. */
export const customRedirectSchema = z
  .string()
  .refine((value) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\'), {
    message: 'customRedirect must be a path on this site.',
  });

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
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH * 4),
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
