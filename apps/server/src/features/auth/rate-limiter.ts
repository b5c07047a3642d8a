// Fixed-window attempt counters in the database, so every API process shares the same limits.
import { AppError } from '#server/http/app-error.ts';
import type { RateLimitRepository } from './rate-limit-repository.ts';

export interface RateLimitKey {
  key: string;
  max: number;
  /** This key's window; the limiter's own when unset. */
  windowSeconds?: number;
}

export interface RateLimiter {
  /** Counts one attempt for each key; throws RATE_LIMITED when any key is over its limit. */
  hit(keys: RateLimitKey[]): Promise<void>;
  /** Counts one attempt for a key and returns how many its current window holds, never throwing. */
  count(key: string, windowSeconds?: number): Promise<number>;
  /** Forgets a key's attempts (a success that ends a run of failures). */
  clear(key: string): Promise<void>;
}

export function createRateLimiter(
  counters: RateLimitRepository,
  windowSeconds: number,
  now: () => number = Date.now,
): RateLimiter {
  const windowOf = (seconds: number | undefined) => {
    const windowMs = (seconds ?? windowSeconds) * 1000;
    const startMs = Math.floor(now() / windowMs) * windowMs;
    return { windowMs, startMs, windowStart: new Date(startMs) };
  };

  const limited = (startMs: number, windowMs: number) => {
    const retryAfterSeconds = Math.max(1, Math.ceil((startMs + windowMs - now()) / 1000));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return new AppError(
      'RATE_LIMITED',
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      { retryAfterSeconds },
    );
  };

  const increment = async (key: string, seconds: number | undefined) => {
    const { windowMs, startMs, windowStart } = windowOf(seconds);
    const count = await counters.increment(key, windowStart);
    if (count === 1) {
      // First attempt of a new window: forget this key's older windows.
      await counters.deleteOlder(key, windowStart);
    }
    return { count, startMs, windowMs };
  };

  return {
    async hit(keys) {
      for (const { key, max, windowSeconds: seconds } of keys) {
        const { count, startMs, windowMs } = await increment(key, seconds);
        if (count > max) throw limited(startMs, windowMs);
      }
    },
    async count(key, seconds) {
      return (await increment(key, seconds)).count;
    },
    async clear(key) {
      await counters.clear(key);
    },
  };
}
