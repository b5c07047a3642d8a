// Fixed-window attempt counters in the rate_limit table, one row per key and window.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { rateLimit } from '@shark/db/schema.ts';

export function createRateLimitRepository(db: Database) {
  return {
    /** Counts one attempt in the key's window starting at `windowStart`; the window's count. */
    async increment(key: string, windowStart: Date): Promise<number> {
      const [row] = await db
        .insert(rateLimit)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimit.key, rateLimit.windowStart],
          set: { count: sql`${rateLimit.count} + 1` },
        })
        .returning({ count: rateLimit.count });
      return row?.count ?? 1;
    },

    /** Forgets the key's windows that started before `windowStart`. */
    async deleteOlder(key: string, windowStart: Date): Promise<void> {
      await db
        .delete(rateLimit)
        .where(and(eq(rateLimit.key, key), lt(rateLimit.windowStart, windowStart)));
    },

    async clear(key: string): Promise<void> {
      await db.delete(rateLimit).where(eq(rateLimit.key, key));
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
