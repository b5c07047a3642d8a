import { describe, expect, it } from 'vitest';
import { signInDelayMs } from './sign-in-throttle.ts';

const limits = { maxPerEmail: 10, maxPerIp: 100, delayBaseMs: 1000, delayMaxMs: 10_000 };

describe('signInDelayMs', () => {
  it('does not delay up to the limit, then doubles from the base up to the most', () => {
    const delays = [1, 10, 11, 12, 13, 14, 15, 16, 1000].map((attempts) =>
      signInDelayMs(attempts, limits),
    );
    expect(delays).toEqual([0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('never delays with a base of 0', () => {
    expect(signInDelayMs(50, { ...limits, delayBaseMs: 0 })).toBe(0);
  });
});
