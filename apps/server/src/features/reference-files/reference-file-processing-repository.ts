// Reference-file rows as the fingerprint job and deletion move them: queued → processing → ready | failed,
// the fingerprint written in the same transaction as 'ready', and removed in the same one as the row.
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { referenceFile, referenceFingerprint } from '@shark/db/schema.ts';
import type { ReferenceKind } from '#server/features/matching/reference-repository.ts';

export type ReferenceFileRow = typeof referenceFile.$inferSelect;

export interface ProcessedFile {
  mediaType: 'image' | 'video';
  mimeType: string;
  width: number;
  height: number;
  durationSeconds: number | null;
  sha256: string;
  thumbnailKey: string;
  fingerprint: { kind: ReferenceKind; data: Uint8Array };
}

/** What `finish` found: the file made ready, or gone (deleted meanwhile), or already settled by another run. */
export type FinishOutcome = 'ready' | 'gone' | 'settled';

const inProgress = ['queued', 'processing'] as const;

export function createReferenceFileProcessingRepository(db: Database) {
  return {
    /** queued | processing → processing; null when the file is gone or already ready or failed. */
    async claim(id: string): Promise<ReferenceFileRow | null> {
      const [row] = await db
        .update(referenceFile)
        .set({ status: 'processing', updatedAt: new Date() })
        .where(and(eq(referenceFile.id, id), inArray(referenceFile.status, inProgress)))
        .returning();
      return row ?? null;
    },

    /** Stores the fingerprint and marks the file ready, atomically, if it is still being processed. */
    async finish(id: string, result: ProcessedFile): Promise<FinishOutcome> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ userId: referenceFile.userId, status: referenceFile.status })
          .from(referenceFile)
          .where(eq(referenceFile.id, id))
          .for('update');
        if (!row) return 'gone';
        if (row.status !== 'processing') return 'settled';
        const [existing] = await tx
          .select({ referenceId: referenceFingerprint.referenceId })
          .from(referenceFingerprint)
          .where(eq(referenceFingerprint.referenceId, id));
        if (!existing) {
          // The matching feature's index reads it from there (reference-index.ts).
          await tx
            .insert(referenceFingerprint)
            .values({ referenceId: id, userId: row.userId, ...result.fingerprint });
        }
        await tx
          .update(referenceFile)
          .set({
            status: 'ready',
            failureReason: null,
            mediaType: result.mediaType,
            mimeType: result.mimeType,
            width: result.width,
            height: result.height,
            durationSeconds: result.durationSeconds,
            sha256: result.sha256,
            thumbnailKey: result.thumbnailKey,
            updatedAt: new Date(),
          })
          .where(eq(referenceFile.id, id));
        return 'ready';
      });
    },

    /** Marks the file failed with a reason for the creator, unless it is gone or already settled. */
    async fail(id: string, reason: string): Promise<void> {
      await db
        .update(referenceFile)
        .set({ status: 'failed', failureReason: reason, updatedAt: new Date() })
        .where(and(eq(referenceFile.id, id), inArray(referenceFile.status, inProgress)));
    },

    async findOwned(userId: string, id: string): Promise<ReferenceFileRow | undefined> {
      const [row] = await db
        .select()
        .from(referenceFile)
        .where(and(eq(referenceFile.id, id), eq(referenceFile.userId, userId)));
      return row;
    },

    /**
     * Removes the row and its fingerprint in one transaction (the removal trigger records the
     * fingerprint's removal for every process's index). The row lock makes a fingerprint job that is
     * finishing either commit before (and its fingerprint is removed here) or see the row gone.
     */
    async deleteWithFingerprint(userId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: referenceFile.id })
          .from(referenceFile)
          .where(and(eq(referenceFile.id, id), eq(referenceFile.userId, userId)))
          .for('update');
        if (!row) return false;
        await tx
          .delete(referenceFingerprint)
          .where(
            and(eq(referenceFingerprint.referenceId, id), eq(referenceFingerprint.userId, userId)),
          );
        await tx.delete(referenceFile).where(eq(referenceFile.id, id));
        return true;
      });
    },

    /** Files whose fingerprint job may have been lost: queued, or processing for longer than a run may take. */
    async findUnfinished(processingSince: Date, limit = 1000): Promise<string[]> {
      const rows = await db
        .select({ id: referenceFile.id })
        .from(referenceFile)
        .where(
          or(
            eq(referenceFile.status, 'queued'),
            and(
              eq(referenceFile.status, 'processing'),
              lt(referenceFile.updatedAt, processingSince),
            ),
          ),
        )
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}

export type ReferenceFileProcessingRepository = ReturnType<
  typeof createReferenceFileProcessingRepository
>;
