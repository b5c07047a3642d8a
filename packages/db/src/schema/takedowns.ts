// Takedowns of confirmed URLs, their history and their recipients.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createdAt,
  id,
  parentRef,
  timestamptz,
  timestamptzNow,
  updatedAt,
  userId,
} from './columns.ts';
import { finding } from './findings.ts';

export const TAKEDOWN_KINDS = ['leak', 'impersonation', 'likeness'] as const;
/**
 * The law a takedown's notices invoke: copyright (DMCA §512), the US TAKE IT DOWN Act (intimate
 * depictions and digital forgeries published without consent; removal within 48 hours), or, for
 * hosts in the EU, a notice under Article 16 of the Digital Services Act.
 */
export const LEGAL_BASES = ['dmca', 'take_it_down', 'dsa_article_16'] as const;
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
    id: id(),
    userId: userId(),
    findingId: parentRef('finding_id', () => finding.id),
    kind: text('kind', { enum: TAKEDOWN_KINDS }).notNull(),
    legalBasis: text('legal_basis', { enum: LEGAL_BASES }).notNull().default('dmca'),
    pageUrl: text('page_url').notNull(),
    normalizedUrl: text('normalized_url').notNull(),
    host: text('host').notNull(),
    siteId: text('site_id'),
    siteKind: text('site_kind'),
    status: text('status', { enum: TAKEDOWN_STATUSES }).notNull(),
    /** The recipient currently asked (takedown_recipient.level); escalation moves it up. */
    level: integer('level').notNull().default(0),
    /** When the current recipient's response window ends (no removal by then: no_response). */
    responseDueAt: timestamptz('response_due_at'),
    /** When verification fetches the URL next (null: not scheduled). */
    nextCheckAt: timestamptz('next_check_at'),
    checkCount: integer('check_count').notNull().default(0),
    lastCheckedAt: timestamptz('last_checked_at'),
    /** What the last check saw, in words (HTTP 404, page still carries the file…). */
    lastCheckResult: text('last_check_result'),
    recipientsResolvedAt: timestamptz('recipients_resolved_at'),
    /** Every transition's time, also kept in takedown_event. */
    confirmedAt: timestamptz('confirmed_at').notNull(),
    noticeSentAt: timestamptz('notice_sent_at'),
    removedAt: timestamptz('removed_at'),
    rejectedAt: timestamptz('rejected_at'),
    noResponseAt: timestamptz('no_response_at'),
    escalatedAt: timestamptz('escalated_at'),
    closedAt: timestamptz('closed_at'),
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
    // The dashboard's removal rate: the notices sent inside the response window, read by time.
    index('takedown_user_notice_sent_idx').on(t.userId, t.noticeSentAt),
    index('takedown_check_idx').on(t.nextCheckAt),
    index('takedown_due_idx').on(t.status, t.responseDueAt),
    // Takedowns on Tor onion hosts, for the dashboard's dark web figures (the same expression there).
    index('takedown_dark_web_idx')
      .on(t.userId, t.status)
      .where(sql`host like '%.onion'`),
  ],
);

/** Every status change of a takedown, with its time: the history shown in the report. */
export const takedownEvent = pgTable(
  'takedown_event',
  {
    id: serial('id').primaryKey(),
    takedownId: parentRef('takedown_id', () => takedown.id),
    userId: userId(),
    fromStatus: text('from_status', { enum: TAKEDOWN_STATUSES }),
    toStatus: text('to_status', { enum: TAKEDOWN_STATUSES }).notNull(),
    /** In words: which recipient, which check result. */
    detail: text('detail'),
    at: timestamptzNow('at'),
  },
  (t) => [
    index('takedown_event_takedown_idx').on(t.takedownId, t.at),
    // The dashboard's latest changes: in (at, id) order straight from the index, ties included.
    index('takedown_event_user_idx').on(t.userId, t.at, t.id),
  ],
);

export const RECIPIENT_ROLES = ['site', 'cdn', 'host', 'registrar'] as const;
export const CHANNEL_KINDS = ['email', 'form'] as const;

/** Who can remove a takedown's URL, in escalation order (level 0 first). */
export const takedownRecipient = pgTable(
  'takedown_recipient',
  {
    id: id(),
    takedownId: parentRef('takedown_id', () => takedown.id),
    userId: userId(),
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
  fetchedAt: timestamptz('fetched_at').notNull(),
});
