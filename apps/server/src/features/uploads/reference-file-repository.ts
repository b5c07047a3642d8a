// Reference-file rows as the upload flow and the Uploaded Files screen need them.
import { and, desc, eq, lt, sql, sum } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { referenceFile } from '@shark/db/schema.ts';

export type ReferenceFileRow = typeof referenceFile.$inferSelect;

export function createReferenceFileRepository(db: Database) {
  return {
    /**
     * Inserts an 'uploading' row once `check(used)` accepts the storage in use; the check and the insert
     * run under a per-user lock so two uploads started together cannot both squeeze under the limit.
     */
    async insertWithinLimit(
      row: {
        id: string;
        userId: string;
        originalName: string;
        sizeBytes: number;
        storageKey: string;
      },
      check: (usedBytes: number) => void,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`reference-storage:${row.userId}`}))`,
        );
        const [used] = await tx
          .select({ n: sum(referenceFile.sizeBytes) })
          .from(referenceFile)
          .where(eq(referenceFile.userId, row.userId));
        check(Number(used?.n ?? 0));
        await tx.insert(referenceFile).values({ ...row, status: 'uploading', receivedBytes: 0 });
      });
    },

    async findOwned(userId: string, id: string): Promise<ReferenceFileRow | undefined> {
      const [row] = await db
        .select()
        .from(referenceFile)
        .where(and(eq(referenceFile.id, id), eq(referenceFile.userId, userId)))
        .limit(1);
      return row;
    },

    async listOwned(userId: string): Promise<ReferenceFileRow[]> {
      return db
        .select()
        .from(referenceFile)
        .where(eq(referenceFile.userId, userId))
        .orderBy(desc(referenceFile.createdAt), desc(referenceFile.id));
    },

    async recordMediaType(
      id: string,
      media: { mediaType: 'image' | 'video'; mimeType: string },
    ): Promise<void> {
      await db
        .update(referenceFile)
        .set({ ...media, updatedAt: new Date() })
        .where(and(eq(referenceFile.id, id), eq(referenceFile.status, 'uploading')));
    },

    /** Also the upload's sign of life: the expiry sweep counts from updatedAt. */
    async recordReceived(id: string, receivedBytes: number): Promise<void> {
      await db
        .update(referenceFile)
        .set({ receivedBytes, updatedAt: new Date() })
        .where(and(eq(referenceFile.id, id), eq(referenceFile.status, 'uploading')));
    },

    /** uploading → queued; false when the row is gone or was already moved on. */
    async markQueued(id: string, sizeBytes: number): Promise<boolean> {
      const moved = await db
        .update(referenceFile)
        .set({ status: 'queued', receivedBytes: sizeBytes, updatedAt: new Date() })
        .where(and(eq(referenceFile.id, id), eq(referenceFile.status, 'uploading')))
        .returning({ id: referenceFile.id });
      return moved.length > 0;
    },

    /** Removes a row that never finished uploading (refused, cancelled or expired). */
    async deleteUploading(id: string): Promise<void> {
      await db
        .delete(referenceFile)
        .where(and(eq(referenceFile.id, id), eq(referenceFile.status, 'uploading')));
    },

    async findStaleUploads(
      idleSince: Date,
      limit = 500,
    ): Promise<Pick<ReferenceFileRow, 'id' | 'userId' | 'storageKey'>[]> {
      return db
        .select({
          id: referenceFile.id,
          userId: referenceFile.userId,
          storageKey: referenceFile.storageKey,
        })
        .from(referenceFile)
        .where(and(eq(referenceFile.status, 'uploading'), lt(referenceFile.updatedAt, idleSince)))
        .limit(limit);
    },
  };
}

export type ReferenceFileRepository = ReturnType<typeof createReferenceFileRepository>;
