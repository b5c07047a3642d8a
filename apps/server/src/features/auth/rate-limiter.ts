// Fixed-window attempt counters in the database, so every API process shares the same limits.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { rateLimit } from '@shark/db/schema.ts';
import { AppError } from '../../http/app-error.ts';

export interface RateLimiter {
  /** Counts one attempt for each key; throws RATE_LIMITED when any key is over its limit. */
  hit(keys: { key: string; max: number }[]): Promise<void>;
}

export function createRateLimiter(db: Database, windowSeconds: number, now: () => number = Date.now): RateLimiter {
  const windowMs = windowSeconds * 1000;
  return {
    async hit(keys) {
      const startMs = Math.floor(now() / windowMs) * windowMs;
      const windowStart = new Date(startMs);
      for (const { key, max } of keys) {
        const [row] = await db
          .insert(rateLimit)
          .values({ key, windowStart, count: 1 })
          .onConflictDoUpdate({
            target: [rateLimit.key, rateLimit.windowStart],
            set: { count: sql`${rateLimit.count} + 1` },
          })
          .returning({ count: rateLimit.count });
        const count = row?.count ?? 1;
        if (count === 1) {
          // First attempt of a new window: forget this key's older windows.
          await db.delete(rateLimit).where(and(eq(rateLimit.key, key), lt(rateLimit.windowStart, windowStart)));
        }
        if (count > max) {
          const retryAfterSeconds = Math.max(1, Math.ceil((startMs + windowMs - now()) / 1000));
          const minutes = Math.ceil(retryAfterSeconds / 60);
          throw new AppError(
            'RATE_LIMITED',
            `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
            { retryAfterSeconds },
          );
        }
      }
    },
  };
}
