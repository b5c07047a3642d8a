// Takedowns of confirmed URLs, their history and their recipients.
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { user } from './auth.ts';
import { finding } from './findings.ts';

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
