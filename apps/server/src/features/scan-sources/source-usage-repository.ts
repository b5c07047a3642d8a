// Provider requests spent per source and UTC day (table source_usage), counted atomically so that
// every worker process shares one daily quota.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { sourceUsage } from '@shark/db/schema.ts';

export function createSourceUsageRepository(db: Database) {
  return {
    /**
     * Adds n to the day's count unless that would pass the quota (null: no quota), in one
     * statement: the row lock of `on conflict do update` makes concurrent reservations queue, and
     * each sees the count the one before it left. True when the requests were reserved.
     */
    async reserve(source: string, day: string, n: number, quota: number | null): Promise<boolean> {
      // The first reservation of the day inserts n, which only the quota itself can refuse.
      if (quota !== null && n > quota) return false;
      const rows = await db
        .insert(sourceUsage)
        .values({ source, day, used: n })
        .onConflictDoUpdate({
          target: [sourceUsage.source, sourceUsage.day],
          set: { used: sql`${sourceUsage.used} + ${n}` },
          setWhere: quota === null ? undefined : sql`${sourceUsage.used} + ${n} <= ${quota}`,
        })
        .returning({ used: sourceUsage.used });
      return rows.length > 0;
    },

    /** Requests counted on the day, per source. */
    async usedOn(day: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ source: sourceUsage.source, used: sourceUsage.used })
        .from(sourceUsage)
        .where(eq(sourceUsage.day, day));
      return new Map(rows.map((row) => [row.source, row.used]));
    },

    async usedBy(source: string, day: string): Promise<number> {
      const [row] = await db
        .select({ used: sourceUsage.used })
        .from(sourceUsage)
        .where(and(eq(sourceUsage.source, source), eq(sourceUsage.day, day)));
      return row?.used ?? 0;
    },
  };
}

export type SourceUsageRepository = ReturnType<typeof createSourceUsageRepository>;
