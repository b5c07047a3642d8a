// `npm run start:worker` for real, the server compiled as npm start compiles it: on Postgres, two worker
// processes share the fingerprint jobs sent by an API-only process (on their compiled fingerprint
// threads), none done twice, and stop cleanly on SIGTERM. The roles refuse the embedded database, which
// one process must own.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceFile } from '@shark/db/schema.ts';
import { repoRoot } from '#server/config/areas/values.ts';
import { loadConfig } from '#server/config/env.ts';
import { createLogger } from '#server/http/logger.ts';
import { createSharkServer, type Services } from '#server/app/server.ts';
import { createTestPostgresDatabase, TEST_DB } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import { PDQ_IMAGES_DIR } from '@shark/engine/testdata.ts';

const mainSource = fileURLToPath(new URL('../main.ts', import.meta.url));
// Beside the sources, so that the compiled files find the installed packages as the sources do.
const distDir = fileURLToPath(
  new URL(`../../dist-test-${randomBytes(4).toString('hex')}/`, import.meta.url),
);
let mainScript = '';

beforeAll(async () => {
  // The build npm start runs (a script of the repository, outside the server's sources).
  const { buildServerBundles } = (await import(
    pathToFileURL(join(repoRoot, 'scripts/build-server.mjs')).href
  )) as typeof import('../../../../scripts/build-server.mjs');
  ({ main: mainScript } = await buildServerBundles({ main: mainSource }, distDir));
});
const images = PDQ_IMAGES_DIR;
const dataDir = mkdtempSync(join(tmpdir(), 'shark-workers-'));
const children: ChildProcessWithoutNullStreams[] = [];

interface Worker {
  child: ChildProcessWithoutNullStreams;
  lines: Record<string, unknown>[];
  exited: Promise<number | null>;
}

function startMain(args: string[], env: Record<string, string>): Worker {
  const child = spawn(process.execPath, [mainScript, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, ...env },
  });
  children.push(child);
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
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, exited };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
});

describe('worker and API roles', () => {
  it('run compiled, fingerprint threads included', () => {
    const workerUrl = pathToFileURL(join(distDir, 'fingerprint-worker.mjs')).href;
    expect(readFileSync(mainScript, 'utf8')).toContain(`new URL(${JSON.stringify(workerUrl)})`);
  });

  it('refuse the embedded database and unknown roles', async () => {
    const [worker, api, unknown] = [
      startMain(['--role=worker'], {}),
      startMain(['--role=api'], {}),
      startMain(['--role=everything'], {}),
    ];
    expect(await Promise.all([worker.exited, api.exited, unknown.exited])).toEqual([1, 1, 1]);
    expect(JSON.stringify(worker.lines)).toContain(
      'The worker role shares the work with other processes through PostgreSQL: set DATABASE_URL',
    );
    expect(JSON.stringify(api.lines)).toContain(
      'The api role shares the work with other processes through PostgreSQL: set DATABASE_URL',
    );
    expect(JSON.stringify(unknown.lines)).toContain('Unknown role');
  });

  if (TEST_DB === 'postgres') {
    it('share the jobs between two worker processes on Postgres, none done twice', async () => {
      const postgres = await createTestPostgresDatabase();
      const env = {
        DATABASE_URL: postgres.url,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'debug',
        WORKER_CONCURRENCY: '1',
      };
      let api: Services | null = null;
      try {
        // The API side: sends jobs, runs none.
        api = await createSharkServer(
          loadConfig({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
          {
            logger: createLogger('silent'),
            workers: false,
          },
        );
        const workers = [startMain(['--role=worker'], env), startMain(['--role=worker'], env)];
        for (const worker of workers) {
          await waitFor(() => worker.lines.some((line) => line.msg === 'Shark worker is running'), {
            what: 'a worker to start',
            timeoutMs: 60_000,
          });
        }

        const { user } = await api.auth.api.signUpEmail({
          body: { name: 'Owner', email: 'owner@example.com', password: 'reference pass 1' },
        });
        const photos = readdirSync(images)
          .filter((name) => name.endsWith('.jpg'))
          .slice(0, 12);
        const ids: string[] = [];
        for (const photo of photos) {
          const bytes = readFileSync(join(images, photo));
          const id = `rf_${randomBytes(8).toString('hex')}`;
          const storageKey = `reference-files/${user.id}/${id}`;
          await api.storage.write(storageKey, bytes);
          await api.database.db.insert(referenceFile).values({
            id,
            userId: user.id,
            originalName: photo,
            sizeBytes: bytes.length,
            receivedBytes: bytes.length,
            status: 'queued',
            storageKey,
          });
          ids.push(id);
        }
        const jobIds = new Set<string>();
        for (const id of ids)
          jobIds.add((await api.jobs.send('reference-file.fingerprint', { fileId: id }))!);

        const db = api.database.db;
        await waitFor(
          async () => {
            const rows = await db
              .select({ status: referenceFile.status })
              .from(referenceFile)
              .where(inArray(referenceFile.id, ids));
            return rows.every((row) => row.status === 'ready');
          },
          { what: 'every file to be ready', timeoutMs: 120_000 },
        );

        const completedBy = (worker: Worker) =>
          worker.lines
            .filter(
              (line) => line.msg === 'job completed' && line.job === 'reference-file.fingerprint',
            )
            .map((line) => String(line.jobId));
        // A file is ready a moment before its job is recorded as completed.
        const done = await waitFor(
          () => {
            const lists = workers.map(completedBy);
            return lists[0]!.length + lists[1]!.length >= ids.length && lists;
          },
          { what: 'every job to be recorded' },
        );
        // Every job by exactly one process, and both processes took part.
        expect([...done[0]!, ...done[1]!].sort()).toEqual([...jobIds].sort());
        expect(done[0]!.length).toBeGreaterThan(0);
        expect(done[1]!.length).toBeGreaterThan(0);

        for (const worker of workers) worker.child.kill('SIGTERM');
        expect(await Promise.all(workers.map((worker) => worker.exited))).toEqual([0, 0]);
      } finally {
        await api?.close();
        await postgres.drop();
      }
    }, 180_000);
  }
});
