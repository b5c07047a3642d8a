// Likeness protection: a creator's enrolled face (embeddings only, with her consent) and the faces a
// scan found that look like hers.
import { doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, optionalRef, parentRef, timestamptz, userKey } from './columns.ts';
import { referenceFile } from './reference-files.ts';

/** Where an enrolled face came from: one of her reference files, or a photo sent only to enrol. */
export const ENROLLED_FACE_SOURCES = ['reference_file', 'upload'] as const;

/** A face's place in its picture, as fractions of the picture's width and height. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A creator's consent to likeness protection: which wording she agreed to and when. Withdrawing it
 * (deleting the enrolment) deletes this row and, with it, every enrolled face.
 */
export const faceEnrolment = pgTable('face_enrolment', {
  userId: userKey('user_id'),
  /** The version of the consent text she agreed to. */
  consentVersion: text('consent_version').notNull(),
  consentedAt: timestamptz('consented_at').notNull(),
  createdAt: createdAt(),
});

/**
 * One enrolled face: the recognition network's embedding (128 float32, unit length, little-endian)
 * and a small crop of the face she picked, so she can see what is enrolled. The photo itself is not
 * kept.
 */
export const enrolledFace = pgTable(
  'enrolled_face',
  {
    id: id(),
    userId: parentRef('user_id', () => faceEnrolment.userId),
    source: text('source', { enum: ENROLLED_FACE_SOURCES }).notNull(),
    referenceFileId: optionalRef('reference_file_id', () => referenceFile.id),
    embedding: bytea('embedding').notNull(),
    /** Which model made the embedding: embeddings of different models are never compared. */
    model: text('model').notNull(),
    box: jsonb('box').$type<FaceBox>().notNull(),
    detectorScore: doublePrecision('detector_score').notNull(),
    /** Storage key of the face crop (a small JPEG). */
    cropKey: text('crop_key').notNull(),
    /** Order of the faces on her page. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('enrolled_face_user_idx').on(t.userId, t.position)],
);
