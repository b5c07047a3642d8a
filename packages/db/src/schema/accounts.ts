// The creator's own accounts on each platform. Every row belongs to one user.
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt, userId } from './columns.ts';

export const PLATFORMS = [
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

/** The creator's own accounts on each platform ('Accounts', route /brands), current and old. */
export const protectedAccount = pgTable(
  'protected_account',
  {
    id: id(),
    userId: userId(),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    /** As the creator typed it (for display). */
    username: text('username').notNull(),
    /** Normalised per the platform's rules; unique per user and platform. */
    normalizedUsername: text('normalized_username').notNull(),
    profileUrl: text('profile_url').notNull(),
    /** An account the creator no longer uses (its leaks are still theirs). */
    isOld: boolean('is_old').notNull().default(false),
    /** The short code the creator places in the profile to prove ownership. */
    verificationCode: text('verification_code').notNull(),
    verifiedAt: timestamptz('verified_at'),
    lastCheckedAt: timestamptz('last_checked_at'),
    /** Why the last ownership check did not verify, in words for the creator. */
    lastCheckError: text('last_check_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('protected_account_unique_idx').on(t.userId, t.platform, t.normalizedUsername),
    index('protected_account_user_idx').on(t.userId),
  ],
);
