import { describe, expect, it } from 'vitest';
import { BACKGROUND_MAX_WAIT_MS, runInteractive, StatementTurns } from './statement-turns.ts';

/** A statement that records its start and end, and finishes when the test lets it. */
function statement(log: string[], name: string) {
  let finish = () => undefined as void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const run = async () => {
    log.push(`start ${name}`);
    await done;
    log.push(`end ${name}`);
    return name;
  };
  return { run, finish };
}

describe('statement turns', () => {
  it('run one statement at a time, in the order asked', async () => {
    const turns = new StatementTurns();
    const log: string[] = [];
    const a = statement(log, 'a');
    const b = statement(log, 'b');
    const results = [turns.run(a.run), turns.run(b.run)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['start a']);
    a.finish();
    b.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('let the event loop handle its I/O between two statements', async () => {
    const turns = new StatementTurns();
    const order: string[] = [];
    // A queue of quick statements, as a scan's workers send them, resolving at once.
    const chain = Array.from({ length: 50 }, (_, i) =>
      turns.run(async () => {
        order.push(`statement ${i}`);
        await Promise.resolve();
      }),
    );
    // Something arriving on the event loop meanwhile (a request's socket read, a timer).
    setImmediate(() => order.push('event loop'));
    await Promise.all(chain);
    const at = order.indexOf('event loop');
    expect(at).toBeGreaterThan(-1);
    expect(at).toBeLessThan(3);
  });

  it("give a request's statements the next turn, ahead of waiting background work", async () => {
    const turns = new StatementTurns();
    const log: string[] = [];
    const first = statement(log, 'job 1');
    const running = turns.run(first.run);
    await new Promise((resolve) => setImmediate(resolve));
    const background = [2, 3].map((n) => turns.run(() => Promise.resolve(`job ${n}`)));
    const request = runInteractive(() => turns.run(() => Promise.resolve('request')));
    const finished: string[] = [];
    for (const p of [...background, request]) void p.then((name) => finished.push(name));
    await new Promise((resolve) => setImmediate(resolve));
    first.finish();
    await Promise.all([running, request, ...background]);
    expect(finished).toEqual(['request', 'job 2', 'job 3']);
  });

  it('give background work the next turn once it has waited long enough', async () => {
    let now = 0;
    const turns = new StatementTurns(() => now);
    const finished: string[] = [];
    const blocker = statement([], 'blocker');
    const running = turns.run(blocker.run);
    await new Promise((resolve) => setImmediate(resolve));
    const job = turns.run(() => Promise.resolve(finished.push('job')));
    const request = (i: number) =>
      runInteractive(() =>
        turns.run(() => {
          finished.push(`request ${i}`);
          // Each request's statement takes 80 ms.
          now += 80;
          return Promise.resolve();
        }),
      );
    const requests = [0, 1, 2, 3, 4, 5].map(request);
    await new Promise((resolve) => setImmediate(resolve));
    blocker.finish();
    await Promise.all([running, job, ...requests]);
    // The job waited 0, 80, 160, then 240 ms: past BACKGROUND_MAX_WAIT_MS, it goes before request 3.
    expect(BACKGROUND_MAX_WAIT_MS).toBe(200);
    expect(finished).toEqual([
      'request 0',
      'request 1',
      'request 2',
      'job',
      'request 3',
      'request 4',
      'request 5',
    ]);
  });

  it('run a statement sent from inside the one holding the turn at once', async () => {
    const turns = new StatementTurns();
    const inner = () => turns.run(() => Promise.resolve('inner'));
    expect(await turns.run(inner)).toBe('inner');
    expect(await turns.run(() => Promise.resolve('after'))).toBe('after');
  });

  it('hand the turn on when a statement fails', async () => {
    const turns = new StatementTurns();
    const failing = turns.run(() => Promise.reject(new Error('syntax error')));
    const next = turns.run(() => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('syntax error');
    expect(await next).toBe('next');
    expect(turns.queued).toBe(0);
  });
});
