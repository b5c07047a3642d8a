// The creator's works and the reference files that show them.
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, optionalRef, parentRef, textArray, updatedAt, userId } from './columns.ts';
import { referenceFile } from './reference-files.ts';

/** A collection of the creator's works ('Your Content', route /branches). */
export const contentCollection = pgTable(
  'content_collection',
  {
    id: id(),
    userId: userId(),
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
    id: id(),
    userId: userId(),
    collectionId: optionalRef('collection_id', () => contentCollection.id),
    title: text('title').notNull(),
    type: text('type', { enum: ['photo', 'video', 'set'] }).notNull(),
    /** When the work was published (YYYY-MM-DD). */
    publishedOn: text('published_on'),
    /** Where the work is sold. */
    saleUrls: textArray('sale_urls'),
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
    itemId: parentRef('item_id', () => contentItem.id),
    fileId: parentRef('file_id', () => referenceFile.id),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.fileId] }),
    index('content_item_file_file_idx').on(t.fileId),
  ],
);
