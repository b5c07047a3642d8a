// The per-host limiter on fake timers: concurrency, spacing of starts, order, aborts, Crawl-delay.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHostLimiter, hostKeyOf } from './host-limiter.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Lets granted acquisitions run their continuations. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('hostKeyOf', () => {
  it('is host and port, with the default port of the scheme', () => {
    expect(hostKeyOf('https://Example.com/a?b')).toBe('example.com:443');
    expect(hostKeyOf('http://example.com/')).toBe('example.com:80');
    expect(hostKeyOf('http://127.0.0.1:8080/x')).toBe('127.0.0.1:8080');
    expect(hostKeyOf(new URL('http://[::1]:81/'))).toBe('[::1]:81');
  });
});

describe('createHostLimiter', () => {
  it('never runs more than `concurrency` requests to one host at once, and other hosts are not held up', async () => {
    const limiter = createHostLimiter({ concurrency: 2, minIntervalMs: 0 });
    let inFlight = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const work = () =>
      new Promise<void>((resolve) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        gates.push(() => {
          inFlight--;
          resolve();
        });
      });
    const runs = Array.from({ length: 7 }, () => limiter.run('a:80', work));
    let otherRan = false;
    const other = limiter.run('b:80', () => {
      otherRan = true;
      return Promise.resolve();
    });
    await settle();
    expect(gates).toHaveLength(2);
    expect(limiter.pending('a:80')).toEqual({ active: 2, waiting: 5 });
    await other;
    expect(otherRan).toBe(true);
    while (gates.length > 0) {
      gates.shift()!();
      await settle();
    }
    await Promise.all(runs);
    expect(peak).toBe(2);
    expect(limiter.pending()).toEqual({ active: 0, waiting: 0 });
  });

  it('spaces the starts of requests to one host by the minimum interval, with a timer and no polling', async () => {
    const limiter = createHostLimiter({ concurrency: 10, minIntervalMs: 1_000 });
    const starts: number[] = [];
    const runs = Array.from({ length: 4 }, () =>
      limiter.run('a:80', () => {
        starts.push(Date.now());
        return Promise.resolve();
      }),
    );
    await settle();
    expect(starts).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    await Promise.all(runs);
    expect(starts.map((t) => t - starts[0]!)).toEqual([0, 1_000, 2_000, 3_000]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('serves the waiters of a host in the order they came', async () => {
    const limiter = createHostLimiter({ concurrency: 1, minIntervalMs: 0 });
    const order: number[] = [];
    const runs = Array.from({ length: 5 }, (_, i) =>
      limiter.run('a:80', async () => {
        order.push(i);
        await Promise.resolve();
      }),
    );
    await Promise.all(runs);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('takes the longer of its interval and a Crawl-delay for that host, and can drop the delay again', async () => {
    const limiter = createHostLimiter({ concurrency: 5, minIntervalMs: 100 });
    limiter.setMinInterval('slow:80', 5_000);
    const starts: Record<string, number[]> = { 'slow:80': [], 'fast:80': [] };
    const runs = ['slow:80', 'slow:80', 'fast:80', 'fast:80'].map((host) =>
      limiter.run(host, () => {
        starts[host]!.push(Date.now());
        return Promise.resolve();
      }),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    await Promise.all(runs);
    expect(starts['fast:80']![1]! - starts['fast:80']![0]!).toBe(100);
    expect(starts['slow:80']![1]! - starts['slow:80']![0]!).toBe(5_000);
    limiter.setMinInterval('slow:80', null);
    const t0 = Date.now();
    let startedAt = 0;
    const next = limiter.run('slow:80', () => {
      startedAt = Date.now();
      return Promise.resolve();
    });
    await vi.advanceTimersByTimeAsync(100);
    await next;
    // Right after the last slow start: the default interval applies again, not the Crawl-delay.
    expect(startedAt - t0).toBe(100);
  });

  it('lets an aborted waiter leave the queue without taking a slot', async () => {
    const limiter = createHostLimiter({ concurrency: 1, minIntervalMs: 0 });
    const release = await limiter.acquire('a:80');
    const controller = new AbortController();
    const aborted = limiter.acquire('a:80', { signal: controller.signal });
    const after = limiter.acquire('a:80');
    expect(limiter.pending('a:80')).toEqual({ active: 1, waiting: 2 });
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    expect(limiter.pending('a:80')).toEqual({ active: 1, waiting: 1 });
    release();
    release(); // a second call gives nothing back twice
    const releaseAfter = await after;
    expect(limiter.pending('a:80')).toEqual({ active: 1, waiting: 0 });
    releaseAfter();
    await expect(
      limiter.acquire('a:80', { signal: AbortSignal.abort(new Error('already')) }),
    ).rejects.toThrow('already');
  });

  it('gives the slot back when the work fails', async () => {
    const limiter = createHostLimiter({ concurrency: 1, minIntervalMs: 0 });
    await expect(limiter.run('a:80', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await limiter.run('a:80', () => Promise.resolve('next'))).toBe('next');
  });

  it('rejects waiters and new requests once closed, and clears its timers', async () => {
    const limiter = createHostLimiter({ concurrency: 1, minIntervalMs: 1_000 });
    await limiter.run('a:80', () => Promise.resolve());
    const waiting = limiter.acquire('a:80');
    expect(vi.getTimerCount()).toBe(1);
    limiter.close();
    await expect(waiting).rejects.toThrow('closed');
    expect(vi.getTimerCount()).toBe(0);
    await expect(limiter.acquire('b:80')).rejects.toThrow('closed');
  });
});
