// Integration-test harness: a real Shark HTTP server on a free port, on PGlite or on a Postgres database of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import pg from 'pg';
import { migratedPgliteDump, type DatabaseHandle } from '@shark/db/client.ts';
import { loadConfig, type Config } from '#server/config/env.ts';
import { createApp } from '#server/http/app.ts';
import { createSharkServer, type Services } from '#server/app/server.ts';
import { createLogger } from '#server/http/logger.ts';
import { createJobQueue } from '#server/jobs/job-queue.ts';
import { jobCatalog } from '#server/jobs/job-catalog.ts';
import type { PlatformOptions } from '#server/app/platform.ts';

export const TEST_DB = (process.env.SHARK_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestServer {
  url: string;
  config: Config;
  services: Services;
  dataDir: string;
  close(): Promise<void>;
}

let pgliteTemplate: Promise<Blob> | undefined;
/**
 * The in-memory PGlite options for a test: every database starts from one migrated dump, made once per
 * test process (integration files share their worker), so initdb and the migrations run once, not per file.
 */
export async function testPgliteOptions(): Promise<{
  driver: 'pglite';
  dataDir: null;
  template: Blob;
}> {
  pgliteTemplate ??= migratedPgliteDump(installJobQueue);
  return { driver: 'pglite', dataDir: null, template: await pgliteTemplate };
}

/**
 * The job queue's schema and one queue (a table of its own) per job of the catalog, as a server's first
 * start makes them: in the template, a server started on a copy finds them made, as it does on a restart.
 */
async function installJobQueue(database: DatabaseHandle): Promise<void> {
  const jobs = createJobQueue({
    catalog: jobCatalog,
    database,
    postgres: null,
    logger: createLogger('silent'),
    workers: null,
  });
  for (const { name } of jobCatalog) jobs.handle(name, () => Promise.resolve());
  await jobs.start();
  await jobs.stop();
}

/** A Postgres database that exists for one test file; dropped by the returned function. */
export async function createTestPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `shark_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function startTestServer(
  env: Record<string, string> = {},
  /** workers: false leaves sent jobs waiting (for tests of what happens before a job runs). */
  options: Pick<PlatformOptions, 'logger' | 'workers' | 'resolveFetchHost'> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shark-test-'));
  const postgres = TEST_DB === 'postgres' ? await createTestPostgresDatabase() : null;

  // Listen first: the public URL (cookies, links in mails, OAuth callbacks) needs the port.
  const app: { handler?: ReturnType<typeof getRequestListener> } = {};
  const server: Server = createServer((req, res) => {
    if (app.handler) void app.handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  if (config.database.driver === 'pglite') config.database = await testPgliteOptions();
  const services = await createSharkServer(config, {
    logger: options.logger ?? createLogger('silent'),
    workers: options.workers,
    resolveFetchHost: options.resolveFetchHost,
  });
  app.handler = getRequestListener(createApp(services).fetch);

  return {
    url,
    config,
    services,
    dataDir,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
