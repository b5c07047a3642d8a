// The creator's works and the reference files that show them.
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { user } from './auth.ts';
import { referenceFile } from './reference-files.ts';

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
