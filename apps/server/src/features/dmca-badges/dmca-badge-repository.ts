// Badge rows and the one fact the public page may show: is this creator protected, and since when.
import { eq } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { accountState, badge } from '@shark/db/schema.ts';

export function createBadgeRepository(db: Database) {
  return {
    async findPublicIdOf(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ publicId: badge.publicId })
        .from(badge)
        .where(eq(badge.userId, userId))
        .limit(1);
      return row?.publicId;
    },

    /** Inserts unless the user has one already; returns the user's public id either way. */
    async insertIfAbsent(userId: string, publicId: string): Promise<string> {
      await db
        .insert(badge)
        .values({ userId, publicId })
        .onConflictDoNothing({ target: badge.userId });
      const existing = await this.findPublicIdOf(userId);
      if (!existing) throw new Error('badge row missing after insert');
      return existing;
    },

    async findProtection(
      publicId: string,
    ): Promise<{ status: string | null; subscribedSince: Date | null } | undefined> {
      const [row] = await db
        .select({ status: accountState.status, subscribedSince: accountState.subscribedSince })
        .from(badge)
        .leftJoin(accountState, eq(accountState.userId, badge.userId))
        .where(eq(badge.publicId, publicId))
        .limit(1);
      return row;
    },
  };
}

export type BadgeRepository = ReturnType<typeof createBadgeRepository>;
