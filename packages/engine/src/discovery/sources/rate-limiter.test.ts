// The per-source rate limit: requests spaced 1/perSecond apart, measured on a clock the test moves.
import { describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimiterClock } from './rate-limiter.ts';

/** A clock that stands still unless told; sleeping records the wait and ends at once (or on abort). */
function manualClock() {
  let now = 0;
  const waits: number[] = [];
  const clock: RateLimiterClock & { advance(ms: number): void; waits: number[] } = {
    waits,
    now: () => now,
    advance(ms) {
      now += ms;
    },
    sleep(ms, signal) {
      waits.push(ms);
      if (signal === undefined) return Promise.resolve();
      // A sleep with a signal lasts until the signal aborts, so a test can abort mid-wait.
      return new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
    },
  };
  return clock;
}

describe('createRateLimiter', () => {
  it('lets the first request go at once and spaces the next ones 1/perSecond apart', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter(2, clock);
    await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);
    expect(clock.waits).toEqual([500, 1000]);
  });

  it('does not save up unused time into a burst', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter(4, clock);
    await limiter.acquire();
    clock.advance(10_000);
    await limiter.acquire();
    await limiter.acquire();
    expect(clock.waits).toEqual([250]);
  });

  it('gives the slot back when the last waiting request is aborted', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter(1, clock);
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error('scan cancelled'));
    await expect(waiting).rejects.toThrow('scan cancelled');
    await limiter.acquire();
    // The aborted request's second was not kept: the next one waits one interval, not two.
    expect(clock.waits).toEqual([1000, 1000]);
  });

  it('refuses an already aborted request and a rate that is not above 0', async () => {
    const limiter = createRateLimiter(1, manualClock());
    await expect(limiter.acquire(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(() => createRateLimiter(0)).toThrow(RangeError);
    expect(() => createRateLimiter(Number.NaN)).toThrow(RangeError);
  });
});
