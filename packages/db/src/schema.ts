// The one Drizzle schema, applied unchanged to PGlite and Postgres.
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  serial,
  uniqueIndex,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// --- Tables the auth library reads and writes (field names are its own). ---

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** Chosen at sign-up through the affiliate variant of the form. */
  isAffiliateOnly: boolean('is_affiliate_only').notNull().default(false),
  /** Referral code typed or carried in at sign-up; the affiliate programme ties it to a referrer. */
  referralCode: text('referral_code'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
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
    id: text('id').primaryKey(),
    /** Stored hashed (the auth library is configured with storeIdentifier: 'hashed'). */
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// --- Shark's own tables. ---

/** Subscription state and grants of one user; a missing row means a free user with no grants. */
export const accountState = pgTable('account_state', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['free', 'subscribed', 'former'] })
    .notNull()
    .default('free'),
  plan: text('plan', { enum: ['standard', 'plus', 'premium'] }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  grantedFeatures: text('granted_features')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** An operator's suggestion to upgrade, shown in the sidebar's upgrade box. */
  suggestUpgradeMessage: text('suggest_upgrade_message'),
  onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true }),
  /** When the current subscription began; the public badge shows it. */
  subscribedSince: timestamp('subscribed_since', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** Fixed-window counters for rate limits, shared by every API process. */
export const rateLimit = pgTable(
  'rate_limit',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** The creator's DMCA badge: a public identifier that reveals nothing but the protection status. */
export const badge = pgTable('badge', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  publicId: text('public_id').notNull().unique(),
  createdAt: createdAt(),
});

/** Raw bytes: Buffer from node-postgres, Uint8Array from PGlite. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * What the matcher keeps of each reference photo or video (the engine's compact fingerprint).
 * `seq` orders additions so that every process can catch up on new rows incrementally; reference
 * ids are never reused.
 */
export const referenceFingerprint = pgTable(
  'reference_fingerprint',
  {
    referenceId: text('reference_id').primaryKey(),
    seq: serial('seq').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reference_fingerprint_seq_idx').on(t.seq), index('reference_fingerprint_user_idx').on(t.userId)],
);

/** Removed reference ids in order, filled by a trigger (also for removals by cascade). */
export const referenceRemoval = pgTable('reference_removal', {
  seq: serial('seq').primaryKey(),
  referenceId: text('reference_id').notNull(),
  removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
});
