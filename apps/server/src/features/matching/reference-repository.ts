// Reference fingerprints in the database, read in the order they were added or removed.
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { referenceFingerprint, referenceRemoval } from '@shark/db/schema.ts';

export type ReferenceKind = 'image' | 'video';

export interface StoredReference {
  referenceId: string;
  seq: number;
  userId: string;
  kind: ReferenceKind;
  data: Uint8Array;
}

export function createReferenceRepository(db: Database) {
  return {
    async insert(row: {
      referenceId: string;
      userId: string;
      kind: ReferenceKind;
      data: Uint8Array;
    }): Promise<void> {
      await db.insert(referenceFingerprint).values(row);
    },

    /** Deletes the user's reference; false when the user has no reference with that id. */
    async delete(userId: string, referenceId: string): Promise<boolean> {
      const deleted = await db
        .delete(referenceFingerprint)
        .where(
          and(
            eq(referenceFingerprint.referenceId, referenceId),
            eq(referenceFingerprint.userId, userId),
          ),
        )
        .returning({ referenceId: referenceFingerprint.referenceId });
      return deleted.length > 0;
    },

    async addedAfter(seq: number, limit: number): Promise<StoredReference[]> {
      const rows = await db
        .select()
        .from(referenceFingerprint)
        .where(gt(referenceFingerprint.seq, seq))
        .orderBy(asc(referenceFingerprint.seq))
        .limit(limit);
      return rows.map((r) => ({
        referenceId: r.referenceId,
        seq: r.seq,
        userId: r.userId,
        kind: r.kind,
        data: r.data,
      }));
    },

    async removedAfter(
      seq: number,
      limit: number,
    ): Promise<{ seq: number; referenceId: string }[]> {
      return db
        .select({ seq: referenceRemoval.seq, referenceId: referenceRemoval.referenceId })
        .from(referenceRemoval)
        .where(gt(referenceRemoval.seq, seq))
        .orderBy(asc(referenceRemoval.seq))
        .limit(limit);
    },
  };
}

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
