// The creator's authorisation, the notices it backs, and their delivery by e-mail or web form.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createdAt,
  id,
  optionalRef,
  parentRef,
  timestamptz,
  timestamptzNow,
  userId,
} from './columns.ts';
import { CHANNEL_KINDS, RECIPIENT_ROLES, takedown } from './takedowns.ts';

/**
 * The creator's signed authorisation for the service to act as her agent. Notices cite it; none goes out
 * without one. Her address stays here: notices give the agent's contact details, never hers.
 */
export const agentAuthorization = pgTable(
  'agent_authorization',
  {
    id: id(),
    userId: userId(),
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
    signedAt: timestamptz('signed_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('agent_authorization_active_idx')
      .on(t.userId)
      .where(sql`revoked_at is null`),
  ],
);

export const NOTICE_KINDS = ['dmca', 'impersonation', 'take_it_down', 'dsa_article_16'] as const;

/** A notice as composed (immutable once written): one per recipient, grouping its takedowns' URLs. */
export const notice = pgTable(
  'notice',
  {
    id: id(),
    userId: userId(),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    role: text('role', { enum: RECIPIENT_ROLES }).notNull(),
    recipientName: text('recipient_name').notNull(),
    channelKind: text('channel_kind', { enum: CHANNEL_KINDS }).notNull(),
    /** The e-mail address or form URL it goes to. */
    address: text('address').notNull(),
    /** 0 for the first recipient; higher for escalations. */
    level: integer('level').notNull().default(0),
    /** The authorisation the notice cites (and so the brand that signs and sends it). */
    authorizationId: optionalRef('authorization_id', () => agentAuthorization.id),
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
    noticeId: parentRef('notice_id', () => notice.id),
    takedownId: parentRef('takedown_id', () => takedown.id),
    userId: userId(),
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
    id: id(),
    noticeId: parentRef('notice_id', () => notice.id),
    userId: userId(),
    /** Lower-case address: per-recipient rate limits count by it. */
    recipientKey: text('recipient_key').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull(),
    /** The Message-ID the mail carries (stable across retries). */
    messageId: text('message_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptzNow('next_attempt_at'),
    /** A claimed send not finished by then belongs to a dead worker. */
    claimedUntil: timestamptz('claimed_until'),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
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
    id: id(),
    noticeId: parentRef('notice_id', () => notice.id),
    userId: userId(),
    formUrl: text('form_url').notNull(),
    /** The form's own fields with what goes in each, when the form was read from the site's page. */
    fields: jsonb('fields'),
    status: text('status', { enum: FORM_TASK_STATUSES }).notNull(),
    submittedAt: timestamptz('submitted_at'),
    /** Who submitted it (operator's note or e-mail). */
    submittedBy: text('submitted_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('form_task_notice_idx').on(t.noticeId),
    index('form_task_status_idx').on(t.status, t.createdAt),
  ],
);
