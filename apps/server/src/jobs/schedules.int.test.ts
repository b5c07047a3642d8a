// Periodic work through the queue on the test database (PGlite or Postgres): two worker processes
// offering the same schedule in one interval run it once, and the run is a row in the job tables; a
// short interval runs again and again; a failed run is recorded, and the next interval runs it anew.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@shark/db/client.ts';
import { createLogger } from '#server/http/logger.ts';
import { createTestPostgresDatabase, TEST_DB } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import { jobCatalog, type SharkJobCatalog } from './job-catalog.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';
import {
  handleSchedules,
  startSchedules,
  type RunningSchedules,
  type Schedule,
} from './schedules.ts';

let database: DatabaseHandle;
let postgres: { url: string; drop: () => Promise<void> } | null = null;
const queues: JobQueue<SharkJobCatalog>[] = [];
const running: RunningSchedules[] = [];

/** A worker process: a queue with a handler for every job (only schedule.run does anything here). */
async function worker(schedules: readonly Schedule[]): Promise<JobQueue<SharkJobCatalog>> {
  const queue = createJobQueue({
    catalog: jobCatalog,
    database,
    postgres: postgres ? { url: postgres.url, poolSize: 4 } : null,
    logger: createLogger('silent'),
    workers: { concurrency: 2, pollingIntervalSeconds: 0.2 },
  });
  for (const { name } of jobCatalog) {
    if (name !== 'schedule.run') queue.handle(name, () => Promise.resolve());
  }
  handleSchedules(queue, schedules);
  queues.push(queue);
  await queue.start();
  return queue;
}

async function scheduleJobs(): Promise<{ schedule: string; state: string }[]> {
  const { rows } = await database.execute(
    "select data->>'schedule' as schedule, state::text as state from pgboss.job where name = 'schedule.run'",
  );
  return rows as { schedule: string; state: string }[];
}

beforeAll(async () => {
  if (TEST_DB === 'postgres') {
    postgres = await createTestPostgresDatabase();
    database = await openDatabase({ driver: 'postgres', url: postgres.url, poolSize: 4 });
  } else {
    database = await openDatabase({ driver: 'pglite', dataDir: null });
  }
});

afterAll(async () => {
  for (const schedules of running) schedules.stop();
  for (const queue of queues) await queue.stop();
  await database?.close();
  await postgres?.drop();
});

describe('schedules', () => {
  it('run once per interval across two worker processes, and show in the job tables', async () => {
    let daily = 0;
    let often = 0;
    let failing = 0;
    const schedules: Schedule[] = [
      // One slot for the whole test: both workers offer it, one run follows.
      { name: 'daily', everySeconds: 40_000, run: () => Promise.resolve(void daily++) },
      { name: 'often', everySeconds: 1, run: () => Promise.resolve(void often++) },
      {
        name: 'failing',
        everySeconds: 1,
        run: () => Promise.reject(new Error(`failure ${++failing}`)),
      },
    ];
    const first = await worker(schedules);
    const second = await worker(schedules);
    const logger = createLogger('silent');
    const dailyDone = async () => {
      const found = await scheduleJobs();
      return found.some((j) => j.schedule === 'daily' && j.state === 'completed') && found;
    };
    running.push(startSchedules({ jobs: first, schedules, logger }));
    await waitFor(dailyDone, { what: "the first worker's daily run" });
    // The second worker offers the same schedule once the first run has finished: only the slot
    // (not a job still waiting) keeps it from running again.
    running.push(startSchedules({ jobs: second, schedules, logger }));
    await waitFor(() => Promise.resolve(often >= 4 && failing >= 3), {
      what: 'the short schedules to run several times',
    });
    const jobs = await scheduleJobs();
    expect(daily).toBe(1);
    expect(jobs.filter((job) => job.schedule === 'daily')).toEqual([
      { schedule: 'daily', state: 'completed' },
    ]);
    const completed = jobs.filter((j) => j.schedule === 'often' && j.state === 'completed');
    expect(completed.length).toBeGreaterThanOrEqual(2);
    expect(completed.length).toBeLessThanOrEqual(often);
    // A failed run is recorded as failed, not retried: each later run is a job of its own.
    const failed = jobs.filter((j) => j.schedule === 'failing' && j.state === 'failed');
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed.length).toBeLessThanOrEqual(failing);
    expect(jobs.some((j) => j.state === 'retry')).toBe(false);
  });
});
