// What operators publish on /community.
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, timestamptzNow } from './columns.ts';

/** What operators publish on /community: announcements and resources. */
export const communityPost = pgTable(
  'community_post',
  {
    id: id(),
    kind: text('kind', { enum: ['announcement', 'resource'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url'),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamptzNow('published_at'),
    archivedAt: timestamptz('archived_at'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('community_post_published_idx').on(t.publishedAt)],
);
