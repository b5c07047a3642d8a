// In-app notifications and e-mail choices.
import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt, userId } from './columns.ts';

export const NOTIFICATION_CATEGORIES = [
  'findings',
  'removals',
  'notice_responses',
  'billing',
  'scans',
  'affiliate',
  'community',
  'support',
] as const;

/** An in-app notification; the same event never notifies twice (dedupe key). */
export const notification = pgTable(
  'notification',
  {
    id: id(),
    userId: userId(),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** An app path to open, e.g. /takedown-report. */
    link: text('link'),
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamptz('read_at'),
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
    userId: userId(),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    email: boolean('email').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);
