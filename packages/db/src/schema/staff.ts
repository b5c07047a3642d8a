// The people who run Shark: their roles, the one work queue they share, the support conversations
// with creators, and the append-only record of every staff action.
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, parentRef, timestamptz, updatedAt, userId, userKey } from './columns.ts';

/** agent: works the queues; admin: also manages staff, grants, offers and payouts. */
export const STAFF_ROLES = ['agent', 'admin'] as const;

/** A user who works for Shark. No row: a creator (or affiliate), who never reaches a staff page. */
export const staffMember = pgTable('staff_member', {
  userId: userKey('user_id'),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
  /** Who gave the role: a staff member's user id, or "cli" for the operator's command line. */
  grantedBy: text('granted_by').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** What an item in the work queue asks a person to do. */
export const WORK_ITEM_KINDS = [
  'form_notice',
  'finding_review',
  'manual_removal',
  'takedown_decision',
  'delisting_upload',
  'support',
] as const;
export const WORK_ITEM_STATUSES = ['open', 'done'] as const;

/**
 * One piece of work for the team, made from the record that needs it (a form task, a finding, a
 * report, a takedown, a delisting file, a support request): one item per record and reason. Ordered by
 * priority (from the creator's plan), then due time (the plan's service level from when it arrived).
 */
export const workItem = pgTable(
  'work_item',
  {
    id: id(),
    kind: text('kind', { enum: WORK_ITEM_KINDS }).notNull(),
    /** The record it is about (its table follows from the kind). */
    refId: text('ref_id').notNull(),
    /** What made it: one record can need work again later (a takedown answered twice). */
    reason: text('reason').notNull().default(''),
    /** The creator it is for. */
    userId: userId(),
    /** Her plan when it arrived (null: no subscription), and the priority and due time it gave. */
    plan: text('plan'),
    priority: integer('priority').notNull(),
    dueAt: timestamptz('due_at').notNull(),
    /** The site's host, for filtering (null when the item is about no page). */
    host: text('host'),
    title: text('title').notNull(),
    status: text('status', { enum: WORK_ITEM_STATUSES }).notNull().default('open'),
    /** The agent working it; no two agents hold the same item. */
    claimedBy: text('claimed_by'),
    claimedAt: timestamptz('claimed_at'),
    doneAt: timestamptz('done_at'),
    doneBy: text('done_by'),
    /** How it was finished, in words. */
    outcome: text('outcome'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('work_item_ref_idx').on(t.kind, t.refId, t.reason),
    index('work_item_queue_idx').on(t.status, t.priority, t.dueAt),
    index('work_item_user_idx').on(t.userId, t.createdAt),
  ],
);

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;

/** A creator's request for help: a subject, a conversation, optionally about a takedown or finding. */
export const supportRequest = pgTable(
  'support_request',
  {
    id: id(),
    userId: userId(),
    subject: text('subject').notNull(),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('open'),
    /** The takedown or finding it is about (kept as given; a link that no longer resolves shows none). */
    takedownId: text('takedown_id'),
    findingId: text('finding_id'),
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('support_request_user_idx').on(t.userId, t.lastMessageAt)],
);

export const supportMessage = pgTable(
  'support_message',
  {
    id: id(),
    requestId: parentRef('request_id', () => supportRequest.id),
    /** Who wrote it: the creator or a staff member (kept as text: a message outlives a staff account). */
    authorId: text('author_id').notNull(),
    fromStaff: boolean('from_staff').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_message_request_idx').on(t.requestId, t.createdAt)],
);

/**
 * Every staff action: who, what, which record, the record before and after, when, from where.
 * Append-only: the database refuses to change or delete a row (a trigger in the migration).
 */
export const staffAuditEvent = pgTable(
  'staff_audit_event',
  {
    id: id(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** e.g. work.claim, support.answer, grant.plan, offer.create. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The creator whose record it was, when there is one: her own history shows it. */
    subjectUserId: text('subject_user_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ipAddress: text('ip_address'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at),
    index('staff_audit_actor_idx').on(t.actorId, t.at),
    index('staff_audit_subject_idx').on(t.subjectUserId, t.at),
    index('staff_audit_target_idx').on(t.targetType, t.targetId),
  ],
);
