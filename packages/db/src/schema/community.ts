// What operators publish on /community.
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

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
