// Requests to search engines to delist confirmed URLs.
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, parentRef, timestamptz, updatedAt, userId } from './columns.ts';
import { takedown } from './takedowns.ts';

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
    id: id(),
    userId: userId(),
    takedownId: parentRef('takedown_id', () => takedown.id),
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
    id: id(),
    engine: text('engine', { enum: SEARCH_ENGINES }).notNull(),
    /** UTC day, YYYY-MM-DD. */
    day: text('day').notNull(),
    /** Storage key of the CSV. */
    fileKey: text('file_key'),
    urlCount: integer('url_count').notNull().default(0),
    submittedAt: timestamptz('submitted_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('delisting_batch_day_idx').on(t.engine, t.day)],
);
