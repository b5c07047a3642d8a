import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { prioritisedPglite, runInteractive } from './pglite-priority.ts';

/** A stand-in connection whose statements finish when the test says so, recording the order they start in. */
function controlledClient() {
  const started: string[] = [];
  const pending = new Map<string, () => void>();
  const run = (text: string) =>
    new Promise<{ rows: unknown[] }>((resolve) => {
      started.push(text);
      pending.set(text, () => resolve({ rows: [] }));
    });
  const client = {
    query: run,
    exec: run,
    transaction: <T>(work: (tx: unknown) => Promise<T>) => run('begin').then(() => work({})),
    ready: true,
  };
  return {
    client: client as unknown as PGlite,
    started,
    finish: (text: string) => pending.get(text)!(),
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('prioritisedPglite', () => {
  it('lets background statements reach the connection one at a time', async () => {
    const { client, started, finish } = controlledClient();
    const db = prioritisedPglite(client, { lingerMs: 0, maxWaitMs: 10_000 });
    const first = db.query('job 1');
    const second = db.query('job 2');
    await settled();
    expect(started).toEqual(['job 1']);
    finish('job 1');
    await first;
    await settled();
    expect(started).toEqual(['job 1', 'job 2']);
    finish('job 2');
    await second;
  });

  it('runs a request’s statement before the background statements waiting', async () => {
    const { client, started, finish } = controlledClient();
    const db = prioritisedPglite(client, { lingerMs: 0, maxWaitMs: 10_000 });
    const jobs = [db.query('job 1'), db.query('job 2'), db.exec('job 3')];
    await settled();
    const request = runInteractive(() => db.query('request'));
    await settled();
    expect(started).toEqual(['job 1', 'request']);
    finish('request');
    await request;
    finish('job 1');
    await settled();
    expect(started).toEqual(['job 1', 'request', 'job 2']);
    finish('job 2');
    await settled();
    finish('job 3');
    await Promise.all(jobs);
    expect(started).toEqual(['job 1', 'request', 'job 2', 'job 3']);
  });

  it('holds background work while a request runs, and no longer than its longest wait', async () => {
    const { client, started, finish } = controlledClient();
    const db = prioritisedPglite(client, { lingerMs: 0, maxWaitMs: 50 });
    const request = runInteractive(() => db.query('slow request'));
    const job = db.query('job');
    await settled();
    expect(started).toEqual(['slow request']);
    // The request still runs, yet the job gets its turn once it has waited its longest.
    while (!started.includes('job')) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(started).toEqual(['slow request', 'job']);
    finish('slow request');
    finish('job');
    await Promise.all([request, job]);
  });

  it('keeps a background transaction’s slot to its end', async () => {
    const { client, started, finish } = controlledClient();
    const db = prioritisedPglite(client, { lingerMs: 0, maxWaitMs: 10_000 });
    let release = () => undefined as void;
    const transaction = db.transaction(
      () => new Promise<void>((resolve) => (release = () => resolve())),
    );
    const job = db.query('job');
    await settled();
    finish('begin');
    await settled();
    expect(started).toEqual(['begin']);
    release();
    await transaction;
    await settled();
    expect(started).toEqual(['begin', 'job']);
    finish('job');
    await job;
  });
});
