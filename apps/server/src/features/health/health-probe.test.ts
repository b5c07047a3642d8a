import { describe, expect, it } from 'vitest';
import { createHealthProbe } from './health-probe.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createHealthProbe', () => {
  it('shares one ping among the callers that arrive while it runs', async () => {
    let pings = 0;
    const gate = deferred();
    const probe = createHealthProbe(
      () => {
        pings += 1;
        return gate.promise;
      },
      () => Promise.resolve(7),
    );
    const answers = Promise.all([probe(), probe(), probe()]);
    gate.resolve();
    const results = await answers;
    expect(pings).toBe(1);
    expect(results.map((r) => r.migrations)).toEqual([7, 7, 7]);
  });

  it('pings again once the previous probe has finished, and counts migrations once', async () => {
    let pings = 0;
    let counts = 0;
    const probe = createHealthProbe(
      () => {
        pings += 1;
        return Promise.resolve();
      },
      () => {
        counts += 1;
        return Promise.resolve(3);
      },
    );
    await probe();
    await probe();
    expect(pings).toBe(2);
    expect(counts).toBe(1);
  });

  it('rejects every waiting caller when the database is down, and tries again afterwards', async () => {
    const gate = deferred();
    let isDown = true;
    const probe = createHealthProbe(
      () => (isDown ? gate.promise : Promise.resolve()),
      () => Promise.resolve(1),
    );
    const first = probe();
    const second = probe();
    gate.reject(new Error('connection refused'));
    await expect(first).rejects.toThrow('connection refused');
    await expect(second).rejects.toThrow('connection refused');
    isDown = false;
    await expect(probe()).resolves.toMatchObject({ migrations: 1 });
  });
});
