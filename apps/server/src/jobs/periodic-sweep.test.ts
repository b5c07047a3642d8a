import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '#server/http/logger.ts';
import { startPeriodicSweep } from './periodic-sweep.ts';

describe('startPeriodicSweep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sweeps at start and every interval, never two at once, and goes on after a failure', async () => {
    const logger = createLogger('silent');
    const errors = vi.spyOn(logger, 'error');
    let calls = 0;
    let finishSlow: () => void = () => undefined;
    const sweep = vi.fn(async () => {
      calls += 1;
      if (calls === 2) throw new Error('database gone');
      if (calls === 3) await new Promise<void>((resolve) => (finishSlow = resolve));
    });
    const running = startPeriodicSweep({ name: 'test sweep', everySeconds: 10, logger, sweep });
    await vi.advanceTimersByTimeAsync(0);
    expect(sweep).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(sweep).toHaveBeenCalledTimes(2);
    expect(errors).toHaveBeenCalledWith('test sweep failed', { err: 'database gone' });

    // The third sweep hangs: ticks meanwhile do not start a fourth.
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sweep).toHaveBeenCalledTimes(3);
    finishSlow();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sweep).toHaveBeenCalledTimes(4);

    running.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sweep).toHaveBeenCalledTimes(4);
  });
});
