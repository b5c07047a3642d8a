// The job queue on the test database (PGlite or Postgres): a job runs once, a failed one is retried
// with backoff, a bad payload is refused, a stable key deduplicates, stop lets work finish or releases
// it, and two queue instances on one database share the jobs with none done twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase, type DatabaseHandle } from '@shark/db/client.ts';
import { createLogger } from '#server/http/logger.ts';
import { createTestPostgresDatabase, TEST_DB } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import { defineJob, InvalidJobPayloadError, type JobContext } from './define-job.ts';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './job-queue.ts';

const echo = defineJob({
  name: 'test.echo',
  payload: z.object({ n: z.number().int() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  timeoutSeconds: 60,
});
const flaky = defineJob({
  name: 'test.flaky',
  payload: z.object({ key: z.string() }),
  retry: { limit: 2, delaySeconds: 1, backoff: true },
  timeoutSeconds: 60,
});
const doomed = defineJob({
  name: 'test.doomed',
  payload: z.object({ key: z.string() }),
  retry: { limit: 1, delaySeconds: 0, backoff: false },
  timeoutSeconds: 60,
});
const keyed = defineJob({
  name: 'test.keyed',
  payload: z.object({ id: z.string() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  timeoutSeconds: 60,
  stableKey: ({ id }) => id,
});
const slow = defineJob({
  name: 'test.slow',
  payload: z.object({ key: z.string() }),
  retry: { limit: 3, delaySeconds: 0, backoff: false },
  timeoutSeconds: 60,
});
const leaky = defineJob({
  name: 'test.leaky',
  payload: z.object({ secret: z.string() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  timeoutSeconds: 60,
});
const catalog = [echo, flaky, doomed, keyed, slow, leaky] as const;
type TestQueue = JobQueue<typeof catalog>;

let database: DatabaseHandle;
let postgres: { url: string; drop: () => Promise<void> } | null = null;
const queues: TestQueue[] = [];

/** Gates a test holds shut until it has seen what it needs (no sleeps). */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

function newQueue(
  workers: JobQueueOptions<typeof catalog>['workers'] = {
    concurrency: 2,
    pollingIntervalSeconds: 0.5,
  },
): TestQueue {
  const queue = createJobQueue({
    catalog,
    database,
    postgres: postgres ? { url: postgres.url, poolSize: 4 } : null,
    logger: createLogger('silent'),
    workers,
  });
  queues.push(queue);
  return queue;
}

const echoRuns: number[] = [];
const flakyAttempts: { attempt: number; at: number; isLastAttempt: boolean }[] = [];
const doomedAttempts: Pick<JobContext, 'attempt' | 'isLastAttempt' | 'maxAttempts'>[] = [];
const slowGates = new Map<string, { open: () => void; opened: Promise<void>; started: boolean }>();
let main: TestQueue;

function handleAll(queue: TestQueue, name = 'main') {
  queue.handle('test.echo', ({ n }) => {
    echoRuns.push(n);
    return Promise.resolve({ doubled: n * 2, by: name });
  });
  queue.handle('test.flaky', (_payload, context) => {
    flakyAttempts.push({
      attempt: context.attempt,
      at: Date.now(),
      isLastAttempt: context.isLastAttempt,
    });
    return context.attempt < 3
      ? Promise.reject(new Error(`transient failure ${context.attempt}`))
      : Promise.resolve();
  });
  queue.handle('test.doomed', (_payload, { attempt, isLastAttempt, maxAttempts }) => {
    doomedAttempts.push({ attempt, isLastAttempt, maxAttempts });
    return Promise.reject(new Error('always fails'));
  });
  queue.handle('test.keyed', () => Promise.resolve());
  // A query the database refuses (text with NUL), given the payload's secret as a parameter.
  queue.handle('test.leaky', async ({ secret }) => {
    await database.db.execute(sql`select ${`${secret}\u0000`}::text`);
  });
  queue.handle('test.slow', async ({ key }) => {
    const entry = slowGates.get(key)!;
    entry.started = true;
    await entry.opened;
  });
}

/** Read straight from the table: a stopped queue no longer answers on Postgres (its pool is closed). */
async function storedJob(id: string): Promise<{ state: string; output: unknown } | undefined> {
  const { rows } = await database.execute(
    'select state::text, output from pgboss.job where id = $1',
    [id],
  );
  return rows[0] as { state: string; output: unknown } | undefined;
}

async function jobCount(name: string): Promise<number> {
  const { rows } = await database.execute(
    'select count(*)::int as n from pgboss.job where name = $1',
    [name],
  );
  return Number(rows[0]!.n);
}

beforeAll(async () => {
  if (TEST_DB === 'postgres') {
    postgres = await createTestPostgresDatabase();
    database = await openDatabase({ driver: 'postgres', url: postgres.url, poolSize: 4 });
  } else {
    database = await openDatabase({ driver: 'pglite', dataDir: null });
  }
  main = newQueue();
  handleAll(main);
  await main.start();
});

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await database?.close();
  await postgres?.drop();
});

describe('job queue', () => {
  it('runs a job once and keeps its output', async () => {
    const id = await main.send('test.echo', { n: 21 });
    expect(id).toEqual(expect.any(String));
    const job = await waitFor(async () => {
      const found = await main.getJob('test.echo', id!);
      return found?.state === 'completed' && found;
    });
    expect(job.output).toEqual({ doubled: 42, by: 'main' });
    // A later job completing proves the worker went past the first one without running it again.
    const later = await main.send('test.echo', { n: 22 });
    await waitFor(async () => (await main.getJob('test.echo', later!))?.state === 'completed');
    expect(echoRuns).toEqual([21, 22]);
  });

  it('retries a failed job with a growing delay, then completes it', async () => {
    const id = await main.send('test.flaky', { key: 'a' });
    const job = await waitFor(
      async () => {
        const found = await main.getJob('test.flaky', id!);
        return found?.state === 'completed' && found;
      },
      { what: 'the third attempt' },
    );
    expect(job.retryCount).toBe(2);
    expect(flakyAttempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(flakyAttempts.map((a) => a.isLastAttempt)).toEqual([false, false, true]);
    // Backoff with a 1 s base: at least 1 s before the first retry, at least 2 s before the second.
    expect(flakyAttempts[1]!.at - flakyAttempts[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(flakyAttempts[2]!.at - flakyAttempts[1]!.at).toBeGreaterThanOrEqual(2000);
  });

  it('fails a job for good once its retries are spent, telling the handler which run is the last', async () => {
    const id = await main.send('test.doomed', { key: 'b' });
    const job = await waitFor(async () => {
      const found = await main.getJob('test.doomed', id!);
      return found?.state === 'failed' && found;
    });
    expect(doomedAttempts).toEqual([
      { attempt: 1, isLastAttempt: false, maxAttempts: 2 },
      { attempt: 2, isLastAttempt: true, maxAttempts: 2 },
    ]);
    expect(job.output).toMatchObject({ message: 'always fails' });
  });

  it("keeps a failed query's SQL but not its parameters in the failed job", async () => {
    const id = await main.send('test.leaky', { secret: 'user-secret-4242' });
    const job = await waitFor(async () => {
      const found = await main.getJob('test.leaky', id!);
      return found?.state === 'failed' && found;
    });
    expect(job.output).toMatchObject({
      message: expect.stringMatching(/^Failed query: select \$1::text/),
    });
    expect(JSON.stringify(job.output)).not.toContain('user-secret-4242');
  });

  it('refuses a payload that does not match the schema, and enqueues nothing', async () => {
    const before = await jobCount('test.echo');
    await expect(
      main.send('test.echo', { n: 'seven' } as unknown as { n: number }),
    ).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(main.send('test.echo', {} as { n: number })).rejects.toThrow(/n: /);
    expect(await jobCount('test.echo')).toBe(before);
  });

  it('sends a job with a stable key once while one is waiting', async () => {
    const first = await main.send('test.keyed', { id: 'file-1' }, { startAfterSeconds: 3600 });
    const second = await main.send('test.keyed', { id: 'file-1' }, { startAfterSeconds: 3600 });
    const other = await main.send('test.keyed', { id: 'file-2' }, { startAfterSeconds: 3600 });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));
  });

  it('registers each job once and refuses to start with a job that has no handler', async () => {
    const queue = newQueue(null);
    queue.handle('test.echo', () => Promise.resolve());
    expect(() => queue.handle('test.echo', () => Promise.resolve())).toThrow(/two handlers/);
    expect(() => queue.handle('test.nope' as 'test.echo', () => Promise.resolve())).toThrow(
      /No job is named/,
    );
    await expect(queue.start()).rejects.toThrow(/No handler for job test.flaky/);
  });

  it('on stop, lets an in-flight job finish', async () => {
    await main.stop();
    const queue = newQueue({ concurrency: 1, pollingIntervalSeconds: 0.5, stopTimeoutSeconds: 30 });
    handleAll(queue, 'stopping');
    await queue.start();
    const release = gate();
    let finished = false;
    slowGates.set('finish', {
      open: release.open,
      opened: release.opened.then(() => void (finished = true)),
      started: false,
    });
    const id = await queue.send('test.slow', { key: 'finish' });
    await waitFor(() => slowGates.get('finish')!.started, { what: 'the job to start' });
    const stopping = queue.stop().then(() => finished);
    // Not a wait for a condition: it gives a stop that does not wait for the job time to return early.
    setTimeout(release.open, 300);
    expect(await stopping).toBe(true);
    expect((await storedJob(id!))?.state).toBe('completed');
  });

  it('on stop, releases a job that does not finish in time so that it runs again', async () => {
    const queue = newQueue({
      concurrency: 1,
      pollingIntervalSeconds: 0.5,
      stopTimeoutSeconds: 0.2,
    });
    handleAll(queue, 'releasing');
    await queue.start();
    const release = gate();
    slowGates.set('release', { ...release, started: false });
    const id = await queue.send('test.slow', { key: 'release' });
    await waitFor(() => slowGates.get('release')!.started, { what: 'the job to start' });
    await queue.stop();
    const job = await storedJob(id!);
    expect(job?.state).toBe('retry');
    expect(job?.output).toMatchObject({ message: expect.stringContaining('will run again') });
    release.open();
    // A fresh worker picks the released job up and finishes it.
    main = newQueue();
    handleAll(main);
    await main.start();
    await waitFor(async () => (await main.getJob('test.slow', id!))?.state === 'completed', {
      what: 'the released job to run again',
    });
  });

  it('shares jobs between two queue instances on one database, running none twice', async () => {
    const first = newQueue({ concurrency: 2, pollingIntervalSeconds: 0.5 });
    const second = newQueue({ concurrency: 2, pollingIntervalSeconds: 0.5 });
    // Dedicated handlers for this test: each run records who ran it, and waits until both have run one.
    const runs: { n: number; by: string }[] = [];
    const both = gate();
    const workers = new Set<string>();
    for (const [queue, name] of [
      [first, 'first'],
      [second, 'second'],
    ] as const) {
      queue.handle('test.echo', async ({ n }) => {
        runs.push({ n, by: name });
        workers.add(name);
        if (workers.size === 2) both.open();
        await both.opened;
      });
      for (const job of [
        'test.flaky',
        'test.doomed',
        'test.keyed',
        'test.slow',
        'test.leaky',
      ] as const)
        queue.handle(job, () => Promise.resolve());
    }
    // The main queue also takes echo jobs; stop it so the two instances are the only workers.
    await main.stop();
    await first.start();
    await second.start();
    const ids: (string | null)[] = [];
    for (let n = 1000; n < 1040; n++) ids.push(await first.send('test.echo', { n }));
    await waitFor(
      async () => {
        for (const id of ids)
          if ((await first.getJob('test.echo', id!))?.state !== 'completed') return false;
        return true;
      },
      { what: 'all 40 jobs to complete' },
    );
    expect(runs.map((r) => r.n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => 1000 + i),
    );
    expect(new Set(runs.map((r) => r.by))).toEqual(new Set(['first', 'second']));
    for (const id of ids) expect((await first.getJob('test.echo', id!))?.retryCount).toBe(0);
  });
});
