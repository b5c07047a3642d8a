// Tables the auth library reads and writes (field names are its own).
import { relations, sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt, userId } from './columns.ts';

export const user = pgTable('user', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** Chosen at sign-up through the affiliate variant of the form. */
  isAffiliateOnly: boolean('is_affiliate_only').notNull().default(false),
  /** Referral code typed or carried in at sign-up; the affiliate programme ties it to a referrer. */
  referralCode: text('referral_code'),
  /** TOTP two-factor is on (the auth library's two-factor plugin sets it once a code was verified). */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: id(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: id(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userId(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: id(),
    /** Stored hashed (the auth library is configured with storeIdentifier: 'hashed'). */
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** A user's TOTP secret and backup codes (the auth library's two-factor plugin; encrypted by it). */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: id(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: userId(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
  },
  (t) => [
    index('two_factor_user_id_idx').on(t.userId),
    index('two_factor_secret_idx').on(t.secret),
  ],
);

/**
 * Sessions deleted in the last minutes (sign-out, revocation, password reset, two-factor changes, a
 * deleted user), written by a trigger on `session`. A signed session cookie cached by a browser is
 * checked against it, so a deleted session stops working everywhere without a lookup per request.
 */
export const sessionRevocation = pgTable(
  'session_revocation',
  {
    sessionId: text('session_id').notNull(),
    userId: text('user_id').notNull(),
    revokedAt: timestamptz('revoked_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('session_revocation_revoked_at_idx').on(t.revokedAt)],
);

/**
 * How the auth library's tables join, so that it reads a session with its user (and a sign-in
 * account with its user) in one statement instead of two.
 */
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));
