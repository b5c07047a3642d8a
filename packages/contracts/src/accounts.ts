// Accounts (/brands): the creator's own accounts on each platform, and the proof that each is theirs.
import { z } from 'zod';

/** The same list as packages/db's PLATFORMS and the engine's ACCOUNT_PLATFORMS (checked by the server). */
export const ACCOUNT_PLATFORMS = [
  'onlyfans',
  'fansly',
  'instagram',
  'tiktok',
  'x',
  'reddit',
  'telegram',
  'youtube',
  'website',
  'other',
] as const;
export const accountPlatformSchema = z.enum(ACCOUNT_PLATFORMS, { error: 'Choose a platform.' });
export type AccountPlatform = z.infer<typeof accountPlatformSchema>;

export const ACCOUNT_INPUT_MAX_LENGTH = 2000;

export const protectedAccountSchema = z.object({
  id: z.string(),
  platform: accountPlatformSchema,
  /** For display: the username as typed (without "@" or the link), or the site's address. */
  username: z.string(),
  /** Canonical form; lower case where the platform ignores case. */
  normalizedUsername: z.string(),
  profileUrl: z.string(),
  /** An account the creator no longer uses. */
  isOld: z.boolean(),
  /** The code to place in the profile's bio or page to prove ownership. */
  verificationCode: z.string(),
  isVerified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** When ownership was last checked (ISO date); checks are spaced out per account. */
  lastCheckedAt: z.string().nullable(),
  /** Why the last check did not verify the account, in words. */
  lastCheckError: z.string().nullable(),
  createdAt: z.string(),
});
export type ProtectedAccount = z.infer<typeof protectedAccountSchema>;

export const protectedAccountListSchema = z.object({
  accounts: z.array(protectedAccountSchema),
  /** Seconds between two ownership checks of one account. */
  checkIntervalSeconds: z.number().int().positive(),
});
export type ProtectedAccountList = z.infer<typeof protectedAccountListSchema>;

const usernameInput = z
  .string({ error: 'Enter a username or a link to the profile.' })
  .trim()
  .min(1, 'Enter a username or a link to the profile.')
  .max(ACCOUNT_INPUT_MAX_LENGTH, `Use at most ${ACCOUNT_INPUT_MAX_LENGTH} characters.`);

const isOldInput = z.boolean({ error: 'Say whether this is an old account (true or false).' });

/** POST /api/accounts */
export const addProtectedAccountSchema = z.object({
  platform: accountPlatformSchema,
  /** A username ("@name", "u/name") or a link to the profile; for a website, its address. */
  username: usernameInput,
  isOld: isOldInput.default(false),
});
export type AddProtectedAccount = z.input<typeof addProtectedAccountSchema>;

/** PATCH /api/accounts/{id}: a new username resets the ownership proof. */
export const editProtectedAccountSchema = z
  .object({ username: usernameInput.optional(), isOld: isOldInput.optional() })
  .refine((edit) => edit.username !== undefined || edit.isOld !== undefined, {
    message: 'Change the username or the old-account flag.',
  });
export type EditProtectedAccount = z.input<typeof editProtectedAccountSchema>;

export const OWNERSHIP_CHECK_OUTCOMES = [
  /** The code is on the page: the account is verified now. */
  'verified',
  /** Verified before: nothing was fetched. */
  'already-verified',
  /** The page was fetched but the code is not on it. */
  'code-not-found',
  /** The page answered with an error status (404: the profile does not exist). */
  'page-status',
  /** The page could not be reached: no such name, refused connection, timeout. */
  'unreachable',
  /** The fetcher refused the address (an internal address, another scheme, too large). */
  'refused',
] as const;
export const ownershipCheckOutcomeSchema = z.enum(OWNERSHIP_CHECK_OUTCOMES);
export type OwnershipCheckOutcome = z.infer<typeof ownershipCheckOutcomeSchema>;

/** POST /api/accounts/{id}/verify */
export const ownershipCheckSchema = z.object({
  outcome: ownershipCheckOutcomeSchema,
  /** What happened, in words for the creator. */
  message: z.string(),
  /** The page's status, when one answered. */
  status: z.number().int().nullable(),
  account: protectedAccountSchema,
});
export type OwnershipCheck = z.infer<typeof ownershipCheckSchema>;
