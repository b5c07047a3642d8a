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
  jsonb,
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
  (t) => [
    uniqueIndex('reference_fingerprint_seq_idx').on(t.seq),
    index('reference_fingerprint_user_idx').on(t.userId),
  ],
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
    suggestedFromAccountId: text('suggested_from_account_id').references(
      () => protectedAccount.id,
      { onDelete: 'set null' },
    ),
    /** Discovery sources used for this term (ids of the scanning issue's sources); empty: all that are on. */
    sources: text('sources')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('search_term_unique_idx').on(t.userId, t.normalizedTerm),
    index('search_term_user_idx').on(t.userId),
  ],
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
  (t) => [
    uniqueIndex('whitelist_entry_unique_idx').on(t.userId, t.kind, t.value),
    index('whitelist_entry_user_idx').on(t.userId),
  ],
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
    collectionId: text('collection_id').references(() => contentCollection.id, {
      onDelete: 'set null',
    }),
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
  (t) => [
    index('content_item_user_idx').on(t.userId),
    index('content_item_collection_idx').on(t.collectionId),
  ],
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
    status: text('status', {
      enum: ['uploading', 'queued', 'processing', 'ready', 'failed'],
    }).notNull(),
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
  (t) => [
    index('reference_file_user_idx').on(t.userId),
    index('reference_file_status_idx').on(t.status),
  ],
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
  (t) => [
    primaryKey({ columns: [t.itemId, t.fileId] }),
    index('content_item_file_file_idx').on(t.fileId),
  ],
);

// --- Scanning (decision 0011): scans, their task rows, queries, findings. ---

export const SCAN_TRIGGERS = ['manual', 'schedule', 'onboarding'] as const;
export const SCAN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** One scan of one creator's set-up; its work is the task rows below. */
export const scan = pgTable(
  'scan',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** manual: "Scan now"; schedule: the plan's frequency; onboarding: the free scan before payment. */
    trigger: text('trigger', { enum: SCAN_TRIGGERS }).notNull(),
    status: text('status', { enum: SCAN_STATUSES }).notNull(),
    /** Provider queries this scan may spend (null: no limit but the sources' own quotas). */
    queryBudget: integer('query_budget'),
    /** Work not done by then is skipped (the free scan's time budget); null: none. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    /** Queries spent so far against the budget (reserved atomically before each is sent). */
    queriesSpent: integer('queries_spent').notNull().default(0),
    /** Ids of the discovery sources that were on when the scan was planned. */
    sources: text('sources')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Why the scan failed as a whole, in words for the creator. */
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('scan_user_idx').on(t.userId, t.createdAt),
    index('scan_status_idx').on(t.status),
    // At most one scan of a creator runs at a time, however many workers schedule or start one.
    uniqueIndex('scan_one_active_idx')
      .on(t.userId)
      .where(sql`status in ('queued', 'running')`),
  ],
);

export const SCAN_STAGES = ['discover', 'profile', 'fetch', 'match'] as const;
export const SCAN_TASK_STATUSES = ['queued', 'running', 'done', 'failed', 'skipped'] as const;

/** One unit of a scan's work; its job moves it from queued to a terminal state (done, failed, skipped). */
export const scanTask = pgTable(
  'scan_task',
  {
    id: text('id').primaryKey(),
    scanId: text('scan_id')
      .notNull()
      .references(() => scan.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: SCAN_STAGES }).notNull(),
    /** Unique within the scan and stage: the same work is never planned twice. */
    key: text('key').notNull(),
    status: text('status', { enum: SCAN_TASK_STATUSES }).notNull(),
    /** What the job needs (zod-checked by the stage that reads it). */
    input: jsonb('input').notNull(),
    /** What it found, for progress and evidence (small). */
    result: jsonb('result'),
    /** Why it failed or was skipped, in words. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scan_task_key_idx').on(t.scanId, t.stage, t.key),
    index('scan_task_scan_status_idx').on(t.scanId, t.status),
    index('scan_task_status_idx').on(t.status, t.updatedAt),
  ],
);

/** Every provider query a scan sent, for the record and the creator's view of the scan. */
export const scanQuery = pgTable(
  'scan_query',
  {
    id: serial('id').primaryKey(),
    scanId: text('scan_id')
      .notNull()
      .references(() => scan.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    /** The query text, or the reference file id for an image search. */
    query: text('query').notNull(),
    page: integer('page').notNull().default(0),
    /** Requests the provider charged. */
    queriesUsed: integer('queries_used').notNull(),
    resultCount: integer('result_count').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('scan_query_scan_idx').on(t.scanId)],
);

/** Provider requests spent per source and UTC day, shared by every worker (per-source quotas). */
export const sourceUsage = pgTable(
  'source_usage',
  {
    source: text('source').notNull(),
    day: text('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.source, t.day] })],
);

/**
 * What a scan knows about one site while it runs (a site is its registrable domain, or host:port for a
 * bare address): the pages its expansion has spent against the per-site budget, and whether the site was
 * given up as unreachable (it did not resolve or refused connections) with how many tasks that skipped.
 */
export const scanSite = pgTable(
  'scan_site',
  {
    scanId: text('scan_id')
      .notNull()
      .references(() => scan.id, { onDelete: 'cascade' }),
    site: text('site').notNull(),
    /** The origin the site was met at (scheme, host and port). */
    origin: text('origin').notNull(),
    /** Whether the site's expansion (sitemap, listings, its own search) was planned in this scan. */
    expanded: boolean('expanded').notNull().default(false),
    /** Pages the expansion fetched, against SCAN_SITE_PAGE_BUDGET. */
    expansionPages: integer('expansion_pages').notNull().default(0),
    /** dns, refused, unreachable: why the site was given up for the rest of the scan (null: it was not). */
    unreachableReason: text('unreachable_reason'),
    unreachableMessage: text('unreachable_message'),
    unreachableAt: timestamp('unreachable_at', { withTimezone: true }),
    /** Tasks skipped because the site had been given up. */
    skippedTasks: integer('skipped_tasks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scanId, t.site] })],
);

/** A site where a scan found copies of a creator's files: the next scan of hers starts there. */
export const creatorSite = pgTable(
  'creator_site',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    site: text('site').notNull(),
    /** Where to start searching it: the origin of the page the copy was on. */
    origin: text('origin').notNull(),
    /** A page that held a copy (its listing and pagination are searched again). */
    samplePageUrl: text('sample_page_url').notNull(),
    copies: integer('copies').notNull().default(0),
    firstFoundAt: timestamp('first_found_at', { withTimezone: true }).notNull().defaultNow(),
    lastFoundAt: timestamp('last_found_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.site] }), index('creator_site_user_idx').on(t.userId)],
);

export const DISCOVERED_SITE_STATUSES = ['candidate', 'accepted', 'dismissed'] as const;

/** A site not in the catalog that yielded copies, across creators: a candidate catalog entry for staff. */
export const discoveredSite = pgTable('discovered_site', {
  site: text('site').primaryKey(),
  origin: text('origin').notNull(),
  /** The site's own name (og:site_name or its title), when a page gave one. */
  name: text('name'),
  /** What kind of site it looks like (tube, forum, file-host…), when it could be told. */
  kind: text('kind'),
  copies: integer('copies').notNull().default(0),
  status: text('status', { enum: DISCOVERED_SITE_STATUSES }).notNull().default('candidate'),
  /** Who reviewed it, and when. */
  reviewedBy: text('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  firstFoundAt: timestamp('first_found_at', { withTimezone: true }).notNull().defaultNow(),
  lastFoundAt: timestamp('last_found_at', { withTimezone: true }).notNull().defaultNow(),
});

export const SITE_CONTACT_STATUSES = ['found', 'none', 'corrected'] as const;

/**
 * A site's own copyright or abuse channel as found on its pages (dmca, abuse, legal, contact pages,
 * mailto links, its web form, security.txt), or as staff corrected it: the first level of a takedown on
 * a site the catalog does not know. `checkedAt` gives its age; an old one is looked up again.
 */
export const siteContact = pgTable('site_contact', {
  site: text('site').primaryKey(),
  /** found: a channel was found; none: the site was searched and gave none; corrected: set by staff. */
  status: text('status', { enum: SITE_CONTACT_STATUSES }).notNull(),
  /** The site's name as its pages give it. */
  name: text('name'),
  channelKind: text('channel_kind', { enum: ['email', 'form'] }),
  /** The e-mail address, or the form's URL. */
  address: text('address'),
  /** A form's own fields (name, label, type, what to put in it), for the form task. */
  formFields: jsonb('form_fields'),
  /** The page it was found on, and how (mailto, text, form, security.txt, staff). */
  foundOn: text('found_on'),
  foundVia: text('found_via'),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  correctedBy: text('corrected_by'),
});

/**
 * A page that names the creator but shows nothing of hers and no sign of a leak ("your name seen on …"):
 * not a finding; shown grouped per site, with a one-click whitelist of the whole site.
 */
export const nameSighting = pgTable(
  'name_sighting',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    site: text('site').notNull(),
    pageUrl: text('page_url').notNull(),
    normalizedUrl: text('normalized_url').notNull(),
    pageTitle: text('page_title'),
    lastScanId: text('last_scan_id').references(() => scan.id, { onDelete: 'set null' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('name_sighting_page_idx').on(t.userId, t.normalizedUrl),
    index('name_sighting_user_site_idx').on(t.userId, t.site),
  ],
);

export const FINDING_KINDS = ['leak', 'mention', 'impersonation'] as const;
export const FINDING_STATUSES = ['pending_review', 'confirmed', 'rejected', 'whitelisted'] as const;

/**
 * Something a scan found that may be the creator's: a page showing a copy of a reference file (leak),
 * a leak-site page naming the creator without a matched file (mention), or a profile posing as the
 * creator (impersonation). Unique per creator by its dedup key.
 */
export const finding = pgTable(
  'finding',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FINDING_KINDS }).notNull(),
    /** leak:<page>:<reference>, mention:<page>, impersonation:<site>:<username> (normalised). */
    dedupKey: text('dedup_key').notNull(),
    status: text('status', { enum: FINDING_STATUSES }).notNull(),
    /** auto: confidence above the threshold; creator: reviewed by hand. */
    reviewedBy: text('reviewed_by', { enum: ['auto', 'creator'] }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    pageUrl: text('page_url').notNull(),
    normalizedUrl: text('normalized_url').notNull(),
    mediaUrl: text('media_url'),
    /** SHA-256 of the found media's bytes (hex). */
    mediaSha256: text('media_sha256'),
    /** PDQ of the found picture (hex), when it is one. */
    mediaPdq: text('media_pdq'),
    referenceFileId: text('reference_file_id').references(() => referenceFile.id, {
      onDelete: 'set null',
    }),
    distance: integer('distance'),
    confidence: doublePrecision('confidence').notNull(),
    pageTitle: text('page_title'),
    /** The catalog site the page is on, and its kind (tube, forum…), when known. */
    siteId: text('site_id'),
    siteKind: text('site_kind'),
    /** Storage key of a small JPEG of the found media (or the profile picture). */
    thumbnailKey: text('thumbnail_key'),
    /** Impersonation: the platform, the username found and its display name; why it poses as the creator. */
    platform: text('platform'),
    username: text('username'),
    displayName: text('display_name'),
    reasons: text('reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The whitelist entry that covers the URL (never enforced). */
    whitelistEntryId: text('whitelist_entry_id').references(() => whitelistEntry.id, {
      onDelete: 'set null',
    }),
    /** The source that led to it (a discovery source id, or catalog:<site id>). */
    source: text('source'),
    firstScanId: text('first_scan_id').references(() => scan.id, { onDelete: 'set null' }),
    lastScanId: text('last_scan_id').references(() => scan.id, { onDelete: 'set null' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** A file taken down before and found again elsewhere: the finding of the earlier copy. */
    reuploadOfFindingId: text('reupload_of_finding_id'),
  },
  (t) => [
    uniqueIndex('finding_dedup_idx').on(t.userId, t.dedupKey),
    index('finding_user_status_idx').on(t.userId, t.status, t.lastSeenAt),
    index('finding_user_media_idx').on(t.userId, t.mediaSha256),
    index('finding_last_scan_idx').on(t.lastScanId),
  ],
);

// --- Enforcement: authorisation, takedowns, recipients, notices, outbox, delisting, reports. ---

/**
 * The creator's signed authorisation for the service to act as her agent. Notices cite it; none goes out
 * without one. Her address stays here: notices give the agent's contact details, never hers.
 */
export const agentAuthorization = pgTable(
  'agent_authorization',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    legalName: text('legal_name').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    region: text('region'),
    postalCode: text('postal_code').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    /** The verified e-mail address of the account when she signed. */
    email: text('email').notNull(),
    /** The typed signature (her full legal name as she typed it). */
    signature: text('signature').notNull(),
    /** Which wording of the authorisation she signed (its text is kept in code, versioned). */
    textVersion: text('text_version').notNull(),
    /** The brand she appointed: its agent signs her notices and its address is the contact in them. */
    brandId: text('brand_id').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agent_authorization_active_idx')
      .on(t.userId)
      .where(sql`revoked_at is null`),
  ],
);

export const TAKEDOWN_KINDS = ['leak', 'impersonation'] as const;
/**
 * confirmed → notice_sent → removed | rejected | no_response → escalated (the next recipient) →
 * notice_sent … → removed | closed.
 */
export const TAKEDOWN_STATUSES = [
  'confirmed',
  'notice_sent',
  'removed',
  'rejected',
  'no_response',
  'escalated',
  'closed',
] as const;

/** One confirmed URL being taken down (one per confirmed finding). */
export const takedown = pgTable(
  'takedown',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    findingId: text('finding_id')
      .notNull()
      .references(() => finding.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TAKEDOWN_KINDS }).notNull(),
    pageUrl: text('page_url').notNull(),
    normalizedUrl: text('normalized_url').notNull(),
    host: text('host').notNull(),
    siteId: text('site_id'),
    siteKind: text('site_kind'),
    status: text('status', { enum: TAKEDOWN_STATUSES }).notNull(),
    /** The recipient currently asked (takedown_recipient.level); escalation moves it up. */
    level: integer('level').notNull().default(0),
    /** When the current recipient's response window ends (no removal by then: no_response). */
    responseDueAt: timestamp('response_due_at', { withTimezone: true }),
    /** When verification fetches the URL next (null: not scheduled). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checkCount: integer('check_count').notNull().default(0),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** What the last check saw, in words (HTTP 404, page still carries the file…). */
    lastCheckResult: text('last_check_result'),
    recipientsResolvedAt: timestamp('recipients_resolved_at', { withTimezone: true }),
    /** Every transition's time, also kept in takedown_event. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    noResponseAt: timestamp('no_response_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedReason: text('closed_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('takedown_finding_idx').on(t.findingId),
    index('takedown_user_status_idx').on(t.userId, t.status),
    index('takedown_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The takedown report's default order (newest confirmed first) and its export batches.
    index('takedown_user_confirmed_idx').on(t.userId, t.confirmedAt, t.id),
    index('takedown_check_idx').on(t.nextCheckAt),
    index('takedown_due_idx').on(t.status, t.responseDueAt),
  ],
);

/** Every status change of a takedown, with its time: the history shown in the report. */
export const takedownEvent = pgTable(
  'takedown_event',
  {
    id: serial('id').primaryKey(),
    takedownId: text('takedown_id')
      .notNull()
      .references(() => takedown.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: TAKEDOWN_STATUSES }),
    toStatus: text('to_status', { enum: TAKEDOWN_STATUSES }).notNull(),
    /** In words: which recipient, which check result. */
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('takedown_event_takedown_idx').on(t.takedownId, t.at),
    index('takedown_event_user_idx').on(t.userId, t.at),
  ],
);

export const RECIPIENT_ROLES = ['site', 'cdn', 'host', 'registrar'] as const;
export const CHANNEL_KINDS = ['email', 'form'] as const;

/** Who can remove a takedown's URL, in escalation order (level 0 first). */
export const takedownRecipient = pgTable(
  'takedown_recipient',
  {
    id: text('id').primaryKey(),
    takedownId: text('takedown_id')
      .notNull()
      .references(() => takedown.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    role: text('role', { enum: RECIPIENT_ROLES }).notNull(),
    name: text('name').notNull(),
    channelKind: text('channel_kind', { enum: CHANNEL_KINDS }).notNull(),
    /** An e-mail address (lower case) or a form URL. */
    address: text('address').notNull(),
    /** How it was found: catalog:<site>, rdap:<url>, cdn:<name>. */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('takedown_recipient_level_idx').on(t.takedownId, t.level)],
);

/** RDAP bootstrap files and answers, shared by every account, kept with their age. */
export const recipientCache = pgTable('recipient_cache', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

export const NOTICE_KINDS = ['dmca', 'impersonation'] as const;

/** A notice as composed (immutable once written): one per recipient, grouping its takedowns' URLs. */
export const notice = pgTable(
  'notice',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    role: text('role', { enum: RECIPIENT_ROLES }).notNull(),
    recipientName: text('recipient_name').notNull(),
    channelKind: text('channel_kind', { enum: CHANNEL_KINDS }).notNull(),
    /** The e-mail address or form URL it goes to. */
    address: text('address').notNull(),
    /** 0 for the first recipient; higher for escalations. */
    level: integer('level').notNull().default(0),
    /** The authorisation the notice cites (and so the brand that signs and sends it). */
    authorizationId: text('authorization_id').references(() => agentAuthorization.id, {
      onDelete: 'set null',
    }),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Storage key of the PDF copy. */
    pdfKey: text('pdf_key'),
    /** Form recipients: the prepared fields ({label, value}[]). */
    formFields: jsonb('form_fields'),
    createdAt: createdAt(),
  },
  (t) => [index('notice_user_idx').on(t.userId, t.createdAt)],
);

/** The takedowns (URLs) a notice names. */
export const noticeItem = pgTable(
  'notice_item',
  {
    noticeId: text('notice_id')
      .notNull()
      .references(() => notice.id, { onDelete: 'cascade' }),
    takedownId: text('takedown_id')
      .notNull()
      .references(() => takedown.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.takedownId] }),
    index('notice_item_takedown_idx').on(t.takedownId),
  ],
);

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * Delivery of an e-mailed notice: written in the same transaction as the notice, claimed before the send,
 * marked sent right after the server accepts it, so a crash neither loses a notice nor sends it twice.
 */
export const outboxMessage = pgTable(
  'outbox_message',
  {
    id: text('id').primaryKey(),
    noticeId: text('notice_id')
      .notNull()
      .references(() => notice.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Lower-case address: per-recipient rate limits count by it. */
    recipientKey: text('recipient_key').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull(),
    /** The Message-ID the mail carries (stable across retries). */
    messageId: text('message_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claimed send not finished by then belongs to a dead worker. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('outbox_notice_idx').on(t.noticeId),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_recipient_idx').on(t.recipientKey, t.sentAt),
  ],
);

export const FORM_TASK_STATUSES = ['open', 'submitted', 'cancelled'] as const;

/** A notice for a recipient that takes only a web form: prepared for an operator to paste and submit. */
export const formTask = pgTable(
  'form_task',
  {
    id: text('id').primaryKey(),
    noticeId: text('notice_id')
      .notNull()
      .references(() => notice.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    formUrl: text('form_url').notNull(),
    /** The form's own fields with what goes in each, when the form was read from the site's page. */
    fields: jsonb('fields'),
    status: text('status', { enum: FORM_TASK_STATUSES }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Who submitted it (operator's note or e-mail). */
    submittedBy: text('submitted_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('form_task_notice_idx').on(t.noticeId),
    index('form_task_status_idx').on(t.status, t.createdAt),
  ],
);

export const SEARCH_ENGINES = ['google', 'bing'] as const;
export const DELISTING_STATUSES = [
  'queued',
  'batched',
  'submitted',
  'removed',
  'rejected',
] as const;

/** A request to a search engine to delist one confirmed URL. */
export const delistingRequest = pgTable(
  'delisting_request',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    takedownId: text('takedown_id')
      .notNull()
      .references(() => takedown.id, { onDelete: 'cascade' }),
    engine: text('engine', { enum: SEARCH_ENGINES }).notNull(),
    url: text('url').notNull(),
    status: text('status', { enum: DELISTING_STATUSES }).notNull(),
    batchId: text('batch_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('delisting_takedown_engine_idx').on(t.takedownId, t.engine),
    index('delisting_status_idx').on(t.engine, t.status),
  ],
);

/** One day's bulk file of delisting requests for one engine (every account's URLs of that day). */
export const delistingBatch = pgTable(
  'delisting_batch',
  {
    id: text('id').primaryKey(),
    engine: text('engine', { enum: SEARCH_ENGINES }).notNull(),
    /** UTC day, YYYY-MM-DD. */
    day: text('day').notNull(),
    /** Storage key of the CSV. */
    fileKey: text('file_key'),
    urlCount: integer('url_count').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('delisting_batch_day_idx').on(t.engine, t.day)],
);

export const REPORTED_URL_STATUSES = ['queued', 'matched', 'unmatched', 'failed'] as const;

/** A URL the creator reported (Report Leaks), fetched and matched, then tracked as a finding. */
export const reportedUrl = pgTable(
  'reported_url',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    normalizedUrl: text('normalized_url').notNull(),
    status: text('status', { enum: REPORTED_URL_STATUSES }).notNull(),
    /** The finding it became. */
    findingId: text('finding_id').references(() => finding.id, { onDelete: 'set null' }),
    /** Why it failed, or what the fetch saw, in words. */
    detail: text('detail'),
    /** The creator stated she owns the content at that URL. */
    ownershipConfirmedAt: timestamp('ownership_confirmed_at', { withTimezone: true }).notNull(),
    /** Which page it came from: Report Leaks, or Free Removals (it counts against the promotional allowance). */
    via: text('via', { enum: ['report_leaks', 'promo'] })
      .notNull()
      .default('report_leaks'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reported_url_user_url_idx').on(t.userId, t.normalizedUrl),
    index('reported_url_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A fake profile the creator reported (Report Impersonation). */
export const impersonationReport = pgTable(
  'impersonation_report',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    normalizedUrl: text('normalized_url').notNull(),
    platform: text('platform').notNull(),
    username: text('username'),
    /** What shows it poses as her, in her words. */
    evidence: text('evidence').notNull(),
    findingId: text('finding_id').references(() => finding.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('impersonation_report_user_url_idx').on(t.userId, t.normalizedUrl)],
);

// --- Billing: Stripe customers and subscriptions, webhook events, payments, custom offers. ---

/** The creator's customer record at the payment provider (one per user, made at her first checkout). */
export const billingCustomer = pgTable('billing_customer', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: createdAt(),
});

/** Stripe's subscription statuses, kept as Stripe sends them. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;

/**
 * A subscription at the payment provider, as last seen. account_state holds what the app derives from
 * it (status, plan, cancelled-but-active); this row keeps the provider's side and the ordering guard.
 */
export const billingSubscription = pgTable(
  'billing_subscription',
  {
    /** Stripe's subscription id (sub_…). */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    plan: text('plan', { enum: ['standard', 'plus', 'premium'] }).notNull(),
    interval: text('interval', { enum: ['monthly', 'annual'] }).notNull(),
    currency: text('currency').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** After a failed payment: until when the creator keeps her plan before she becomes former. */
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    /** The newest provider event applied (its `created`): an older event never overwrites a newer state. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('billing_subscription_user_idx').on(t.userId),
    index('billing_subscription_grace_idx').on(t.graceUntil),
  ],
);

/** Every webhook event processed, by the provider's event id: a repeated delivery is answered and ignored. */
export const billingEvent = pgTable('billing_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  /** When the provider created the event. */
  createdAtProvider: timestamp('created_at_provider', { withTimezone: true }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A payment the creator made (a paid invoice, or an operator's manual grant with an amount): the affiliate ledger's source. */
export const billingPayment = pgTable(
  'billing_payment',
  {
    /** Stripe's invoice id (in_…), or an id of our own for manual payments. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    /** In the currency's smallest unit. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    source: text('source', { enum: ['stripe', 'manual'] }).notNull(),
    /** The provider's invoice page, when there is one. */
    invoiceUrl: text('invoice_url'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('billing_payment_user_idx').on(t.userId, t.paidAt)],
);

/** An operator's offer: a plan at a price, with features, until it expires or its claims run out. */
export const customOffer = pgTable('custom_offer', {
  /** Public and unguessable: it is the link's {customOfferId}. */
  id: text('id').primaryKey(),
  plan: text('plan', { enum: ['standard', 'plus', 'premium'] }).notNull(),
  interval: text('interval', { enum: ['monthly', 'annual'] }).notNull(),
  currency: text('currency').notNull(),
  /** In the currency's smallest unit. */
  price: integer('price').notNull(),
  /** Special features granted on top of the plan's own. */
  features: text('features')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Shown on the offer page. */
  headline: text('headline'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** 1: single-use; null: no limit. */
  maxClaims: integer('max_claims'),
  claimCount: integer('claim_count').notNull().default(0),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdBy: text('created_by'),
  createdAt: createdAt(),
});

export const customOfferClaim = pgTable(
  'custom_offer_claim',
  {
    offerId: text('offer_id')
      .notNull()
      .references(() => customOffer.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.userId] }),
    index('custom_offer_claim_user_idx').on(t.userId),
  ],
);

// --- Affiliates, notifications, community, scam registry. ---

/** Every user's own referral code: the link /sign-up?rFromSearch={code} and the code typed at sign-up. */
export const affiliateCode = pgTable('affiliate_code', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: createdAt(),
});

/** A visit through an affiliate's link, counted once per visitor and day. */
export const referralClick = pgTable(
  'referral_click',
  {
    affiliateUserId: text('affiliate_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** A hash of the visitor's cookie id: no address or agent is kept. */
    visitorHash: text('visitor_hash').notNull(),
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.affiliateUserId, t.visitorHash, t.day] }),
    index('referral_click_affiliate_idx').on(t.affiliateUserId, t.createdAt),
  ],
);

/** The lifelong tie between a referred customer and her affiliate, made once at sign-up. */
export const referral = pgTable(
  'referral',
  {
    referredUserId: text('referred_user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    affiliateUserId: text('affiliate_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** How the code came: typed at sign-up, or carried by the link (rFromSearch). */
    via: text('via', { enum: ['code', 'link'] }).notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('referral_affiliate_idx').on(t.affiliateUserId, t.createdAt)],
);

/** A payout an affiliate asked for, which an operator marks paid. */
export const affiliatePayout = pgTable(
  'affiliate_payout',
  {
    id: text('id').primaryKey(),
    affiliateUserId: text('affiliate_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    /** In the currency's smallest unit. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['requested', 'paid', 'rejected'] })
      .notNull()
      .default('requested'),
    /** Where to send it (the affiliate's words: PayPal address, IBAN…). */
    destination: text('destination').notNull(),
    /** The operator's reference for the transfer, or why it was rejected. */
    operatorNote: text('operator_note'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('affiliate_payout_affiliate_idx').on(t.affiliateUserId, t.requestedAt),
    index('affiliate_payout_status_idx').on(t.status),
  ],
);

/** The affiliate's share of one payment: pending until the hold passes, then available, then in a payout. */
export const affiliateCommission = pgTable(
  'affiliate_commission',
  {
    id: text('id').primaryKey(),
    /** One commission per payment, whatever the number of deliveries. */
    paymentId: text('payment_id')
      .notNull()
      .unique()
      .references(() => billingPayment.id, { onDelete: 'cascade' }),
    affiliateUserId: text('affiliate_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    referredUserId: text('referred_user_id').references(() => user.id, { onDelete: 'set null' }),
    currency: text('currency').notNull(),
    /** In the currency's smallest unit. */
    amount: integer('amount').notNull(),
    /** The share applied, in basis points (2000 = 20 %). */
    rateBps: integer('rate_bps').notNull(),
    /** When it stops being pending and can be paid out. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    payoutId: text('payout_id').references(() => affiliatePayout.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('affiliate_commission_affiliate_idx').on(t.affiliateUserId, t.createdAt)],
);

export const NOTIFICATION_CATEGORIES = [
  'findings',
  'removals',
  'notice_responses',
  'billing',
  'scans',
  'affiliate',
  'community',
] as const;

/** An in-app notification; the same event never notifies twice (dedupe key). */
export const notification = pgTable(
  'notification',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** An app path to open, e.g. /takedown-report. */
    link: text('link'),
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_dedupe_idx').on(t.userId, t.dedupeKey),
    index('notification_user_idx').on(t.userId, t.createdAt),
  ],
);

/** E-mail choices per category; a missing row means the category's default. */
export const notificationPreference = pgTable(
  'notification_preference',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    email: boolean('email').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/** What operators publish on /community: announcements and resources. */
export const communityPost = pgTable(
  'community_post',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['announcement', 'resource'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url'),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('community_post_published_idx').on(t.publishedAt)],
);

export const RISK_REGISTRY_KINDS = [
  'fake_agency',
  'fake_takedown_service',
  'leak_seller',
  'phishing_account',
  'other',
] as const;

/** A known scam aimed at creators: reported by a creator or an operator, published after review. */
export const riskRegistryEntry = pgTable(
  'risk_registry_entry',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: RISK_REGISTRY_KINDS }).notNull(),
    name: text('name').notNull(),
    /** Websites, handles and e-mail addresses it uses. */
    identifiers: text('identifiers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description').notNull(),
    /** Links to screenshots, posts or messages that show it. */
    evidenceUrls: text('evidence_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When it was first seen doing this, as reported. */
    firstSeenOn: text('first_seen_on'),
    status: text('status', { enum: ['pending', 'published', 'rejected'] })
      .notNull()
      .default('pending'),
    reportedBy: text('reported_by').references(() => user.id, { onDelete: 'set null' }),
    reviewNote: text('review_note'),
    reviewedBy: text('reviewed_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('risk_registry_status_idx').on(t.status, t.publishedAt),
    index('risk_registry_reporter_idx').on(t.reportedBy),
  ],
);
