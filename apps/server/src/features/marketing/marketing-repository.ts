// What the marketing material reads of a creator besides her usage: her badge (without making one), her
// reference files ready to compare, her agent authorisation and her takedowns so far.
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { agentAuthorization, badge, referenceFile, takedown } from '@shark/db/schema.ts';

export function createMarketingRepository(db: Database) {
  return {
    async badgePublicId(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ publicId: badge.publicId })
        .from(badge)
        .where(eq(badge.userId, userId))
        .limit(1);
      return row?.publicId ?? null;
    },

    async readyReferenceFiles(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(referenceFile)
        .where(and(eq(referenceFile.userId, userId), eq(referenceFile.status, 'ready')));
      return row?.n ?? 0;
    },

    async hasActiveAuthorization(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: agentAuthorization.id })
        .from(agentAuthorization)
        .where(and(eq(agentAuthorization.userId, userId), isNull(agentAuthorization.revokedAt)))
        .limit(1);
      return row !== undefined;
    },

    async takedownCounts(userId: string): Promise<{ takedowns: number; removed: number }> {
      const rows = await db
        .select({ status: takedown.status, n: count() })
        .from(takedown)
        .where(eq(takedown.userId, userId))
        .groupBy(takedown.status);
      return {
        takedowns: rows.reduce((sum, row) => sum + row.n, 0),
        removed: rows.find((row) => row.status === 'removed')?.n ?? 0,
      };
    },
  };
}

export type MarketingRepository = ReturnType<typeof createMarketingRepository>;
