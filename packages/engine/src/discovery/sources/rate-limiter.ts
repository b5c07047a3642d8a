// An in-process limit of requests per second for one source: each request waits for its slot, so
// the requests of every job in this process are spaced evenly. With several worker processes each
// has its own limiter (the daily quota, kept in the database, is shared).

export interface RateLimiter {
  /** Requests allowed per second. */
  readonly perSecond: number;
  /** Resolves when this request may go; rejects with the signal's reason when aborted while waiting. */
  acquire(signal?: AbortSignal): Promise<void>;
}

export interface RateLimiterClock {
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error('aborted');
}

export const systemClock: RateLimiterClock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortReason(signal as AbortSignal));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/**
 * Spaces requests 1/perSecond apart (no bursts: a provider that allows 1 request per second
 * answers 429 to two in the same second). A request aborted while waiting gives its slot back
 * only if no later request has been scheduled after it; otherwise the gap simply stays.
 */
export function createRateLimiter(
  perSecond: number,
  clock: RateLimiterClock = systemClock,
): RateLimiter {
  if (!Number.isFinite(perSecond) || perSecond <= 0) {
    throw new RangeError(
      `A rate limit must be a number of requests per second above 0, not ${perSecond}.`,
    );
  }
  const intervalMs = 1000 / perSecond;
  /** When the next request may go. */
  let nextAt = Number.NEGATIVE_INFINITY;
  return {
    perSecond,
    async acquire(signal) {
      if (signal?.aborted) throw abortReason(signal);
      const now = clock.now();
      const at = Math.max(now, nextAt);
      nextAt = at + intervalMs;
      const wait = at - now;
      if (wait <= 0) return;
      try {
        await clock.sleep(wait, signal);
      } catch (error) {
        if (nextAt === at + intervalMs) nextAt = at;
        throw error;
      }
    },
  };
}
