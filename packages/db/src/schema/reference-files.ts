// Uploaded reference photos and videos, and the fingerprints the matcher keeps of them.
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, timestamptzNow, updatedAt, userId } from './columns.ts';

/**
 * An uploaded reference photo or video ('Uploaded Files', route /file-uploads). Its id is also the
 * reference id of its fingerprint in reference_fingerprint.
 */
export const referenceFile = pgTable(
  'reference_file',
  {
    id: id(),
    userId: userId(),
    /** The file name the creator uploaded (for display only; never used as a path). */
    originalName: text('original_name').notNull(),
    /** Declared at the start of the upload; the storage limit counts it from then on. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    /** Known once the first bytes are sniffed. */
    mediaType: text('media_type', { enum: ['image', 'video'] }),
    mimeType: text('mime_type'),
    /**
     * uploading → queued (all bytes in, fingerprint job queued) → processing → ready | failed.
     */
    status: text('status', {
      enum: ['uploading', 'queued', 'processing', 'ready', 'failed'],
    }).notNull(),
    failureReason: text('failure_reason'),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    sha256: text('sha256'),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: doublePrecision('duration_seconds'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reference_file_user_idx').on(t.userId),
    index('reference_file_status_idx').on(t.status),
  ],
);

/**
 * What the matcher keeps of each reference photo or video (the engine's compact fingerprint).
 * `seq` orders additions so that every process can catch up on new rows incrementally; reference
 * ids are never reused.
 */
export const referenceFingerprint = pgTable(
  'reference_fingerprint',
  {
    referenceId: text('reference_id').primaryKey(),
    seq: serial('seq').notNull(),
    userId: userId(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reference_fingerprint_seq_idx').on(t.seq),
    index('reference_fingerprint_user_idx').on(t.userId),
  ],
);

/** Removed reference ids in order, filled by a trigger (also for removals by cascade). */
export const referenceRemoval = pgTable('reference_removal', {
  seq: serial('seq').primaryKey(),
  referenceId: text('reference_id').notNull(),
  removedAt: timestamptzNow('removed_at'),
});
