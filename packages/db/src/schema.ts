// The one Drizzle schema, applied unchanged to PGlite and Postgres.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
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

// --- Protection set-up: what the creator tells Shark to protect. Every row belongs to one user. ---

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
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
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
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
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

/** Names and phrases to search for ('Search Engines', route /search-terms). */
export const searchTerm = pgTable(
  'search_term',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    /** Lower-cased, spaces collapsed; unique per user. */
    normalizedTerm: text('normalized_term').notNull(),
    /** active: searched; suggested: offered, awaiting the creator; dismissed: declined (not offered again). */
    status: text('status', { enum: ['active', 'suggested', 'dismissed'] }).notNull(),
    origin: text('origin', { enum: ['creator', 'suggestion'] }).notNull(),
    /** The account a suggestion was generated from. */
    suggestedFromAccountId: text('suggested_from_account_id').references(() => protectedAccount.id, { onDelete: 'set null' }),
    /** Discovery sources used for this term (ids of the scanning issue's sources); empty: all that are on. */
    sources: text('sources')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('search_term_unique_idx').on(t.userId, t.normalizedTerm), index('search_term_user_idx').on(t.userId)],
);

/** URLs, domains and URL patterns that must never be taken down. */
export const whitelistEntry = pgTable(
  'whitelist_entry',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['url', 'domain', 'pattern'] }).notNull(),
    /** As the creator typed it. */
    input: text('input').notNull(),
    /** Canonical form the engine's whitelist matcher compares; unique per user and kind. */
    value: text('value').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('whitelist_entry_unique_idx').on(t.userId, t.kind, t.value), index('whitelist_entry_user_idx').on(t.userId)],
);

/** A collection of the creator's works ('Your Content', route /branches). */
export const contentCollection = pgTable(
  'content_collection',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('content_collection_user_idx').on(t.userId)],
);

/** One work as a notice names it: a photo, a video or a set. */
export const contentItem = pgTable(
  'content_item',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id').references(() => contentCollection.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    type: text('type', { enum: ['photo', 'video', 'set'] }).notNull(),
    /** When the work was published (YYYY-MM-DD). */
    publishedOn: text('published_on'),
    /** Where the work is sold. */
    saleUrls: text('sale_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('content_item_user_idx').on(t.userId), index('content_item_collection_idx').on(t.collectionId)],
);

/**
 * An uploaded reference photo or video ('Uploaded Files', route /file-uploads). Its id is also the
 * reference id of its fingerprint in reference_fingerprint.
 */
export const referenceFile = pgTable(
  'reference_file',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The file name the creator uploaded (for display only; never used as a path). */
    originalName: text('original_name').notNull(),
    /** Declared at the start of the upload; the storage limit counts it from then on. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    /** Known once the first bytes are sniffed. */
    mediaType: text('media_type', { enum: ['image', 'video'] }),
    mimeType: text('mime_type'),
    /**
     * uploading → queued (all bytes in, fingerprint job queued) → processing → ready | failed.
     */
    status: text('status', { enum: ['uploading', 'queued', 'processing', 'ready', 'failed'] }).notNull(),
    failureReason: text('failure_reason'),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    sha256: text('sha256'),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: doublePrecision('duration_seconds'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('reference_file_user_idx').on(t.userId), index('reference_file_status_idx').on(t.status)],
);

/** Which reference files show each work. */
export const contentItemFile = pgTable(
  'content_item_file',
  {
    itemId: text('item_id')
      .notNull()
      .references(() => contentItem.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => referenceFile.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.fileId] }), index('content_item_file_file_idx').on(t.fileId)],
);
