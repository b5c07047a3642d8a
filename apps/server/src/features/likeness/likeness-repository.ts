// Her consent row and her enrolled faces as the likeness feature reads and writes them.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { enrolledFace, faceEnrolment, referenceFile } from '@shark/db/schema.ts';

export type FaceEnrolmentRow = typeof faceEnrolment.$inferSelect;
export type EnrolledFaceRow = typeof enrolledFace.$inferSelect;
export type NewEnrolledFace = Omit<typeof enrolledFace.$inferInsert, 'position' | 'createdAt'>;

export function createLikenessRepository(db: Database) {
  return {
    async findEnrolment(userId: string): Promise<FaceEnrolmentRow | undefined> {
      const [row] = await db
        .select()
        .from(faceEnrolment)
        .where(eq(faceEnrolment.userId, userId))
        .limit(1);
      return row;
    },

    /** Records her consent to this version, replacing an earlier one; her faces stay. */
    async saveConsent(userId: string, version: string, at: Date): Promise<void> {
      await db
        .insert(faceEnrolment)
        .values({ userId, consentVersion: version, consentedAt: at })
        .onConflictDoUpdate({
          target: faceEnrolment.userId,
          set: { consentVersion: version, consentedAt: at },
        });
    },

    async listFaces(userId: string): Promise<EnrolledFaceRow[]> {
      return db
        .select()
        .from(enrolledFace)
        .where(eq(enrolledFace.userId, userId))
        .orderBy(asc(enrolledFace.position), asc(enrolledFace.createdAt), asc(enrolledFace.id));
    },

    async findFace(userId: string, id: string): Promise<EnrolledFaceRow | undefined> {
      const [row] = await db
        .select()
        .from(enrolledFace)
        .where(and(eq(enrolledFace.id, id), eq(enrolledFace.userId, userId)))
        .limit(1);
      return row;
    },

    /**
     * Inserts a face at the end of her list once `check(enrolled, hasSame)` accepts it; the count and
     * the insert run under a per-user lock so two enrolments sent together cannot pass the limit.
     */
    async insertFaceWithin(
      face: NewEnrolledFace,
      check: (enrolled: number, hasSame: boolean) => void,
    ): Promise<EnrolledFaceRow> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`enrolled-faces:${face.userId}`}))`,
        );
        const [counted] = await tx
          .select({ n: count(), last: sql<number | null>`max(${enrolledFace.position})` })
          .from(enrolledFace)
          .where(eq(enrolledFace.userId, face.userId));
        const [same] = await tx
          .select({ id: enrolledFace.id })
          .from(enrolledFace)
          .where(
            and(eq(enrolledFace.userId, face.userId), eq(enrolledFace.embedding, face.embedding)),
          )
          .limit(1);
        check(counted?.n ?? 0, same !== undefined);
        const position =
          counted?.last === null || counted?.last === undefined ? 0 : Number(counted.last) + 1;
        const [row] = await tx
          .insert(enrolledFace)
          .values({ ...face, position })
          .returning();
        return row!;
      });
    },

    /** Removes one of her faces; its crop key, or null when she has no such face. */
    async deleteFace(userId: string, id: string): Promise<string | null> {
      const [row] = await db
        .delete(enrolledFace)
        .where(and(eq(enrolledFace.id, id), eq(enrolledFace.userId, userId)))
        .returning({ cropKey: enrolledFace.cropKey });
      return row?.cropKey ?? null;
    },

    /** Removes her consent and, with it (the faces cascade), every enrolled face; their crop keys. */
    async deleteEnrolment(userId: string): Promise<{ existed: boolean; cropKeys: string[] }> {
      return db.transaction(async (tx) => {
        const faces = await tx
          .delete(enrolledFace)
          .where(eq(enrolledFace.userId, userId))
          .returning({ cropKey: enrolledFace.cropKey });
        const consent = await tx
          .delete(faceEnrolment)
          .where(eq(faceEnrolment.userId, userId))
          .returning({ userId: faceEnrolment.userId });
        return { existed: consent.length > 0, cropKeys: faces.map((f) => f.cropKey) };
      });
    },

    /** Her reference file, if it is hers. */
    async findReferenceFile(userId: string, id: string) {
      const [row] = await db
        .select({
          id: referenceFile.id,
          mediaType: referenceFile.mediaType,
          status: referenceFile.status,
          sizeBytes: referenceFile.sizeBytes,
          receivedBytes: referenceFile.receivedBytes,
          storageKey: referenceFile.storageKey,
        })
        .from(referenceFile)
        .where(and(eq(referenceFile.id, id), eq(referenceFile.userId, userId)))
        .limit(1);
      return row;
    },
  };
}

export type LikenessRepository = ReturnType<typeof createLikenessRepository>;
