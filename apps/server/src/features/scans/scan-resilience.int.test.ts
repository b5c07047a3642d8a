// The scan pipeline with real processes (decision 0011): Shark on the embedded database, killed with
// SIGKILL half-way through a scan and started again, ends with the findings of a scan that never
// crashed, none twice; and two worker processes on one Postgres share a scan's jobs, none run twice.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scan } from '@shark/contracts/scans.ts';
import { openDatabase, type Database } from '@shark/db/client.ts';
import { finding, referenceFile, scanTask } from '@shark/db/schema.ts';
import { parseWebAddress, urlKey } from '@shark/engine/whitelist/web-address.ts';
import { startSimulatedWeb, type SimulatedWeb } from '@shark/simulated-web/index.ts';
import { loadConfig } from '#server/config/env.ts';
import { createLogger } from '#server/http/logger.ts';
import { createSharkServer, type Services } from '#server/app/server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { seedCreator, type CreatorSeed } from '#server/testing/seed-creator.ts';
import { createTestPostgresDatabase, startTestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';

const mainScript = fileURLToPath(new URL('../../main.ts', import.meta.url));
const password = 'resilience test password 1';
const silent = createLogger('silent');

let web: SimulatedWeb;
const directories: string[] = [];
const processes: SharkProcess[] = [];

interface SharkProcess {
  child: ChildProcessWithoutNullStreams;
  /** Its log, one parsed JSON line each (anything else as { text }). */
  lines: Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node main.ts` as `npm start` runs it, with only the environment given (no variable of this test's process). */
function startShark(args: string[], env: Record<string, string>): SharkProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  const lines: Record<string, unknown>[] = [];
  let pending = '';
  const collect = (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop()!;
    for (const line of complete) {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        lines.push({ text: line });
      }
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const started = { child, lines, exited };
  processes.push(started);
  return started;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function newDirectory(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  directories.push(directory);
  return directory;
}

/** What every Shark of these tests scans: the simulated web, fast (no per-host pause, no source rate). */
function scanEnv(): Record<string, string> {
  return {
    ...web.env(),
    SCAN_PER_HOST_INTERVAL_MS: '0',
    SOURCE_RATE_PER_SECOND: '100',
  };
}

function creatorSeed(email: string): CreatorSeed {
  return {
    email,
    password,
    name: web.creator.displayName,
    plan: 'premium',
    accounts: web.creator.accounts,
    whitelist: web.creator.whitelist,
    references: web.creator.references.map((r) => r.path),
  };
}

function pageKey(url: string): string {
  const parsed = parseWebAddress(url);
  if (!parsed.ok) throw new Error(`not a URL: ${url}`);
  return urlKey(parsed.value);
}

async function signIn(baseUrl: string, email: string): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  const signedIn = await client.post('/api/auth/sign-in/email', { email, password });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return client;
}

async function scanOf(client: TestClient, scanId: string): Promise<Scan> {
  const current = await client.get<Scan>(`/api/scans/${scanId}`);
  expect(current.status, JSON.stringify(current.body)).toBe(200);
  return current.body;
}

function finishedScan(client: TestClient, scanId: string, timeoutMs: number): Promise<Scan> {
  return waitFor(
    async () => {
      const current = await scanOf(client, scanId);
      return current.status !== 'queued' && current.status !== 'running' && current;
    },
    { what: `scan ${scanId} to finish`, timeoutMs, intervalMs: 200 },
  );
}

/** What a scan left in the database: its task rows, the creator's findings and reference names by id. */
async function outcomeOf(db: Database, userId: string, scanId: string) {
  const tasks = await db.select().from(scanTask).where(eq(scanTask.scanId, scanId));
  const findings = await db.select().from(finding).where(eq(finding.userId, userId));
  const references = await db
    .select({ id: referenceFile.id, name: referenceFile.originalName })
    .from(referenceFile)
    .where(eq(referenceFile.userId, userId));
  return { tasks, findings, referenceNames: new Map(references.map((r) => [r.id, r.name])) };
}
type Outcome = Awaited<ReturnType<typeof outcomeOf>>;

/**
 * The findings as comparable across databases: kind, status and dedup key, with the reference file's
 * id (different in every database) replaced by the file's name.
 */
function comparableFindings(outcome: Outcome): string[] {
  return outcome.findings
    .map((row) => {
      let key = row.dedupKey;
      for (const [id, name] of outcome.referenceNames) key = key.split(id).join(`<${name}>`);
      return `${row.kind} ${row.status} ${key}`;
    })
    .sort();
}

function comparableTasks(outcome: Outcome): string[] {
  return outcome.tasks
    .map((task) => {
      let key = task.key;
      for (const [id, name] of outcome.referenceNames) key = key.split(id).join(`<${name}>`);
      return `${task.stage} ${key}`;
    })
    .sort();
}

function countBy<T>(items: T[], keyOf: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}

beforeAll(async () => {
  web = await startSimulatedWeb();
});

afterAll(async () => {
  for (const shark of processes) if (shark.child.exitCode === null) shark.child.kill('SIGKILL');
  await Promise.all(processes.map((shark) => shark.exited));
  await web?.close();
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

describe('a scan survives a crash', () => {
  const email = 'luna.crash@example.com';
  /** The scan of a Shark that never crashed: the same creator and web, a fresh database. */
  let expected: Outcome;
  /** A data directory with the creator seeded (references fingerprinted), copied for each test. */
  let seededDir: string;
  let userId: string;

  beforeAll(async () => {
    const reference = await startTestServer({ ...scanEnv(), WORKER_CONCURRENCY: '6' });
    try {
      const seeded = await seedCreator(reference.services, creatorSeed(email));
      const client = await signIn(reference.url, email);
      const started = await client.post<Scan>('/api/scans', {});
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const done = await finishedScan(client, started.body.id, 120_000);
      expect(done.status).toBe('completed');
      expected = await outcomeOf(reference.services.database.db, seeded.userId, done.id);
    } finally {
      await reference.close();
    }
    expect(expected.findings.filter((f) => f.kind === 'leak').length).toBeGreaterThan(0);

    // Seeded while no Shark process has the directory open (PGlite is one process's).
    seededDir = newDirectory('shark-seeded-');
    const services = await createSharkServer(loadConfig(embeddedEnv(seededDir, 'silent')), {
      logger: silent,
    });
    try {
      userId = (await seedCreator(services, creatorSeed(email))).userId;
    } finally {
      await services.close();
    }
  }, 300_000);

  function embeddedEnv(dataDir: string, logLevel: string): Record<string, string> {
    return {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: logLevel,
      WORKER_CONCURRENCY: '6',
      ...scanEnv(),
    };
  }

  /**
   * A copy of the seeded directory with the creator's scan sent but not run (this process runs no
   * jobs): the whole scan is the next Shark's to run. `crashState` then leaves what a crash would.
   */
  async function dirWithQueuedScan(
    crashState?: (services: Services, scanId: string) => Promise<void>,
  ) {
    const dataDir = newDirectory('shark-crash-');
    cpSync(seededDir, dataDir, { recursive: true });
    const sender = await createSharkServer(loadConfig(embeddedEnv(dataDir, 'silent')), {
      logger: silent,
      workers: false,
    });
    try {
      const scanId = (await sender.scans.startManual(userId)).id;
      await crashState?.(sender, scanId);
      return { dataDir, scanId };
    } finally {
      await sender.close();
    }
  }

  async function outcomeIn(dataDir: string, scanId: string): Promise<Outcome> {
    const database = await openDatabase({ driver: 'pglite', dataDir });
    try {
      return await outcomeOf(database.db, userId, scanId);
    } finally {
      await database.close();
    }
  }

  /** The same work as the scan that never crashed, all of it settled, and the same findings, each once. */
  function expectSameAsWithoutCrash(actual: Outcome, scanId: string) {
    expect(actual.tasks.filter((t) => t.status === 'queued' || t.status === 'running')).toEqual([]);
    expect(comparableTasks(actual)).toEqual(comparableTasks(expected));
    expect(comparableFindings(actual)).toEqual(comparableFindings(expected));
    const twice = (counts: Map<string, number>) => [...counts].filter(([, n]) => n > 1);
    expect(twice(countBy(actual.findings, (f) => f.dedupKey))).toEqual([]);
    expect(
      twice(
        countBy(
          actual.findings.filter((f) => f.kind === 'leak'),
          (f) => `${f.normalizedUrl} ${f.mediaSha256}`,
        ),
      ),
    ).toEqual([]);
    for (const row of actual.findings) {
      expect(row.firstScanId).toBe(scanId);
      expect(row.lastScanId).toBe(scanId);
    }
  }

  it('killing the worker mid-scan and restarting gives the same findings with no duplicates', async () => {
    // Shark on the embedded database in a directory of its own, as `npm start` runs it.
    const { dataDir, scanId } = await dirWithQueuedScan();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const childEnv = {
      ...embeddedEnv(dataDir, 'info'),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
    };
    const isUp = (shark: SharkProcess) => () => {
      if (shark.child.exitCode !== null)
        throw new Error(`Shark exited: ${JSON.stringify(shark.lines.slice(-5))}`);
      return shark.lines.some((line) => line.msg === 'Shark is running');
    };

    const first = startShark([], childEnv);
    await waitFor(isUp(first), { what: 'Shark to start', timeoutMs: 60_000 });
    const client = await signIn(url, email);
    // Killed while the scan's pages and pictures are partly done: some settled, more still waiting.
    const atKill = await waitFor(
      async () => {
        const { status, stages } = await scanOf(client, scanId);
        const settled = stages.fetch.done + stages.match.done;
        const waiting = stages.fetch.queued + stages.match.queued;
        return (
          status === 'running' && stages.match.done > 0 && settled > 0 && waiting >= 5 && stages
        );
      },
      { what: 'the scan to be part-way through its pages', timeoutMs: 120_000, intervalMs: 20 },
    );
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const second = startShark([], childEnv);
    await waitFor(isUp(second), { what: 'Shark to start again', timeoutMs: 60_000 });
    const done = await finishedScan(client, scanId, 120_000);
    expect(done.status).toBe('completed');
    // The crash left work that no job would run any more (the killed process's jobs): sent again at start.
    const recovery = second.lines.find(
      (line) => line.msg === 'scan work sent again after a restart',
    );
    expect(recovery?.jobs, `recovery after a kill at ${JSON.stringify(atKill)}`).toEqual(
      expect.any(Number),
    );
    expect(recovery!.jobs as number).toBeGreaterThan(0);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });

    expectSameAsWithoutCrash(await outcomeIn(dataDir, scanId), scanId);
  }, 300_000);

  it('a Shark killed while planning a scan plans it again at restart and loses no task', async () => {
    // What a process killed inside scan.start leaves: the start job taken (active, never to finish) and
    // the first rows of the plan written, none of their jobs sent.
    const { dataDir, scanId } = await dirWithQueuedScan(async (services, id) => {
      await services.database.execute(
        `update pgboss.job set state = 'active', started_on = now() - interval '1 second'
           where name = 'scan.start' and singleton_key = $1`,
        [id],
      );
      const planned = expected.tasks.filter((t) => t.stage === 'discover').slice(0, 3);
      expect(planned.length).toBeGreaterThan(0);
      await services.database.db.insert(scanTask).values(
        planned.map((t) => ({
          id: randomUUID(),
          scanId: id,
          userId,
          stage: t.stage,
          key: t.key,
          input: t.input,
          status: 'queued' as const,
        })),
      );
    });
    // The restart, in this process this time: the same recovery at start as `npm start`.
    const services = await createSharkServer(loadConfig(embeddedEnv(dataDir, 'silent')), {
      logger: silent,
    });
    try {
      const done = await waitFor(
        async () => {
          const current = await services.scans.get(userId, scanId);
          return current.status !== 'queued' && current.status !== 'running' && current;
        },
        { what: 'the scan to finish', timeoutMs: 120_000, intervalMs: 200 },
      );
      expect(done.status).toBe('completed');
    } finally {
      await services.close();
    }
    expectSameAsWithoutCrash(await outcomeIn(dataDir, scanId), scanId);
  }, 300_000);
});

describe('a scan on several workers', () => {
  it("two or more worker processes against one Postgres share a scan's jobs with no job done twice", async () => {
    const postgres = await createTestPostgresDatabase();
    const authSecret = randomBytes(32).toString('hex');
    // The API: sends jobs, runs none. Its data directory holds the reference files the workers read.
    const api = await startTestServer(
      { ...scanEnv(), DATABASE_URL: postgres.url, AUTH_SECRET: authSecret },
      { workers: false },
    );
    try {
      const workerEnv = {
        ...scanEnv(),
        NODE_ENV: 'test',
        DATA_DIR: api.dataDir,
        DATABASE_URL: postgres.url,
        AUTH_SECRET: authSecret,
        // Every job's completion is logged, so each process's share can be told apart.
        LOG_LEVEL: 'debug',
        WORKER_CONCURRENCY: '3',
      };
      const workers = [
        startShark(['--role=worker'], workerEnv),
        startShark(['--role=worker'], workerEnv),
      ];
      for (const worker of workers) {
        await waitFor(
          () => {
            if (worker.child.exitCode !== null)
              throw new Error(`a worker exited: ${JSON.stringify(worker.lines.slice(-5))}`);
            return worker.lines.some((line) => line.msg === 'Shark worker is running');
          },
          { what: 'a worker to start', timeoutMs: 60_000 },
        );
      }

      const email = 'luna.workers@example.com';
      const { userId } = await seedCreator(api.services, creatorSeed(email));
      const client = await signIn(api.url, email);
      const started = await client.post<Scan>('/api/scans', {});
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const scanId = started.body.id;
      const done = await finishedScan(client, scanId, 120_000);
      expect(done.status).toBe('completed');

      const db = api.services.database.db;
      const { tasks, findings, referenceNames } = await outcomeOf(db, userId, scanId);
      // Every task ran once: settled, claimed by one run only.
      expect(tasks.filter((t) => t.status === 'queued' || t.status === 'running')).toEqual([]);
      expect(
        tasks.filter((t) => t.attempts !== 1).map((t) => `${t.stage} ${t.key}: ${t.attempts}`),
      ).toEqual([]);

      // The queue's own record (live jobs and archived ones): one job per task and one start, each
      // completed on its first run. A task settles (and the scan completes) a moment before the queue
      // records its job as completed, so the record is read once no job is still active.
      type JobRow = {
        id: string;
        name: string;
        state: string;
        retry_count: number;
        singleton_key: string | null;
      };
      const jobs = await waitFor(
        async () => {
          const rows = (
            await api.services.database.execute(
              `select id, name, state, retry_count, singleton_key from pgboss.job where name like 'scan.%'
               union all
               select id, name, state, retry_count, singleton_key from pgboss.archive where name like 'scan.%'`,
            )
          ).rows as JobRow[];
          return rows.some((j) => j.state === 'active') ? false : rows;
        },
        { what: 'the queue to record every scan job as finished' },
      );
      const expectedJobs = [
        `scan.start ${scanId}`,
        ...tasks.map((t) => `scan.${t.stage} ${t.id}`),
      ].sort();
      expect(jobs.map((j) => `${j.name} ${j.singleton_key}`).sort()).toEqual(expectedJobs);
      expect(jobs.filter((j) => j.state !== 'completed' || j.retry_count !== 0)).toEqual([]);

      // Each job completed in exactly one of the two processes, and both took a share.
      const completedBy = (worker: SharkProcess) =>
        worker.lines
          .filter((line) => line.msg === 'job completed' && String(line.job).startsWith('scan.'))
          .map((line) => String(line.jobId));
      // Likewise, the completion is logged a moment after the task settles.
      const shares = await waitFor(
        () => {
          const lists = workers.map(completedBy);
          return lists[0]!.length + lists[1]!.length >= jobs.length && lists;
        },
        { what: 'every job completion to be logged' },
      );
      expect([...shares[0]!, ...shares[1]!].sort()).toEqual(jobs.map((j) => j.id).sort());
      expect(shares[0]!.length).toBeGreaterThan(0);
      expect(shares[1]!.length).toBeGreaterThan(0);

      // And the scan found what the simulated web planted, each once.
      const leaks = findings.filter((f) => f.kind === 'leak');
      for (const planted of web.expected.leaks) {
        const found = leaks.filter(
          (f) =>
            f.normalizedUrl === pageKey(planted.pageUrl) &&
            referenceNames.get(f.referenceFileId ?? '') === planted.reference,
        );
        expect(found.length, `leak ${planted.pageUrl} of ${planted.reference}`).toBe(1);
      }
      const impersonations = findings.filter((f) => f.kind === 'impersonation');
      for (const planted of web.expected.impersonators) {
        const found = impersonations.filter(
          (f) => f.username?.toLowerCase() === planted.username.toLowerCase(),
        );
        expect(found.length, `impersonator ${planted.username} on ${planted.site}`).toBe(1);
      }
      for (const innocent of web.expected.notImpersonators) {
        expect(
          impersonations.filter(
            (f) => f.username?.toLowerCase() === innocent.username.toLowerCase(),
          ),
          `${innocent.username}: ${innocent.why}`,
        ).toEqual([]);
      }
      for (const url of web.expected.whitelisted) {
        const onPage = findings.filter(
          (f) => f.normalizedUrl === pageKey(url) && f.kind !== 'mention',
        );
        expect(onPage.length, `official page ${url}`).toBeGreaterThan(0);
        for (const row of onPage) expect(row.status).toBe('whitelisted');
      }
      const decoys = new Set(web.expected.decoys.map(pageKey));
      expect(
        findings
          .filter((f) => f.kind !== 'mention' && decoys.has(f.normalizedUrl))
          .map((f) => f.pageUrl),
      ).toEqual([]);

      for (const worker of workers) worker.child.kill('SIGTERM');
      expect(await Promise.all(workers.map((worker) => worker.exited))).toEqual([
        { code: 0, signal: null },
        { code: 0, signal: null },
      ]);
    } finally {
      await api.close();
      await postgres.drop();
    }
  }, 300_000);
});
