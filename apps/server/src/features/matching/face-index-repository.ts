// Enrolled faces in the database, as the likeness search reads them.
import { and, eq } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { enrolledFace } from '@shark/db/schema.ts';
import { FACE_MODEL } from '@shark/engine/likeness/likeness.ts';

export interface EnrolledEmbedding {
  id: string;
  embedding: Float32Array;
}

export function createFaceIndexRepository(db: Database) {
  return {
    async enrolledFaces(userId: string): Promise<EnrolledEmbedding[]> {
      const rows = await db
        .select({ id: enrolledFace.id, embedding: enrolledFace.embedding })
        .from(enrolledFace)
        .where(and(eq(enrolledFace.userId, userId), eq(enrolledFace.model, FACE_MODEL)));
      return rows.map((row) => ({ id: row.id, embedding: embeddingOf(row.embedding) }));
    },
  };
}

/** 128 little-endian float32 numbers, as enrolment stores them. */
export function embeddingOf(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(Math.floor(bytes.byteLength / 4));
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

export type FaceIndexRepository = ReturnType<typeof createFaceIndexRepository>;
