// `npm run bench`: req/s and latency of GET /api/user (signed in) and GET /api/health under
// 100 concurrent connections, on the embedded database (PGlite) and on Postgres.
//
// Environment:
//   BENCH_DURATION     seconds per endpoint (default 10)
//   BENCH_WARMUP       seconds of unrecorded load before each endpoint (default 2; 0 = none)
//   BENCH_CONNECTIONS  concurrent connections (default 100)
//   BENCH_BACKENDS     comma list of pglite, postgres (default both)
//   LOG_LEVEL          the server's log level during the bench (default warn)
//   BENCH_CPU_PROF     a directory: each server writes a V8 CPU profile there when it stops
//   TEST_POSTGRES_URL  admin connection used to create and drop a scratch database
//                      (default postgres://postgres@127.0.0.1:5432/postgres)
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  positive,
  PROVIDER,
  startServerProcess,
  verifiedSession,
  type ServerProcess,
} from './support/server-process.ts';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const BACKENDS = ['pglite', 'postgres'] as const;
type Backend = (typeof BACKENDS)[number];

const durationSeconds = positive('BENCH_DURATION', 10);
const warmupSeconds = positive('BENCH_WARMUP', 2, true);
const connections = positive('BENCH_CONNECTIONS', 100);
const postgresAdminUrl = process.env.TEST_POSTGRES_URL || DEFAULT_POSTGRES_URL;

interface Row {
  backend: Backend;
  endpoint: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

interface Failure {
  backend: Backend;
  message: string;
}

function selectedBackends(): Backend[] {
  const raw = process.env.BENCH_BACKENDS?.trim();
  if (!raw) return [...BACKENDS];
  const picked = raw.split(',').map((s) => s.trim());
  const unknown = picked.filter((s) => !(BACKENDS as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw new Error(`BENCH_BACKENDS: unknown backend(s) ${unknown.join(', ')}`);
  return picked as Backend[];
}

// ------------------------------------------------------------------------------- server

/** The server as `npm start` runs it on `backend`, with a CPU profile when BENCH_CPU_PROF is set. */
function startServer(backend: Backend, databaseUrl: string | undefined): Promise<ServerProcess> {
  const profileDir = process.env.BENCH_CPU_PROF?.trim();
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  return startServerProcess(
    `api-${backend}`,
    {
      // Required with DATABASE_URL; the embedded database would otherwise make and keep one.
      AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString('hex'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    profile,
  );
}

/** Scratch databases still there, so that Ctrl-C or a crash leaves none behind. */
const scratchDatabases = new Set<string>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const drops = [...scratchDatabases].map((name) => dropDatabase(name));
    void Promise.race([Promise.allSettled(drops), sleep(5_000)]).finally(() => process.exit(130));
  });
}

/** A verified user's session cookie, checked by one request by hand (a broken session is reported plainly). */
async function signIn(server: ServerProcess): Promise<string> {
  const { cookie } = await verifiedSession(server);
  const user = await fetch(`${server.baseUrl}/api/user`, {
    headers: { 'x-provider': PROVIDER, cookie },
    signal: AbortSignal.timeout(15_000),
  });
  if (user.status !== 200) {
    throw new Error(
      `GET /api/user with the session cookie: HTTP ${user.status}: ${(await user.text()).slice(0, 300)}`,
    );
  }
  console.log('  signed in a verified user');
  return cookie;
}

// ----------------------------------------------------------------------------------- load

async function load(
  backend: Backend,
  server: ServerProcess,
  endpoint: string,
  headers: Record<string, string>,
): Promise<Row> {
  const url = `${server.baseUrl}${endpoint}`;
  if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds, headers });
  console.log(`  ${backend} GET ${endpoint}: ${connections} connections for ${durationSeconds} s`);
  const result = await autocannon({ url, connections, duration: durationSeconds, headers });
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stats.count ?? 0;
  }
  return {
    backend,
    endpoint: `GET ${endpoint}`,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes,
  };
}

async function benchBackend(backend: Backend, rows: Row[]): Promise<void> {
  let databaseUrl: string | undefined;
  let scratchDatabase: string | undefined;
  let server: ServerProcess | undefined;
  try {
    if (backend === 'postgres') {
      scratchDatabase = `shark_bench_${randomBytes(6).toString('hex')}`;
      scratchDatabases.add(scratchDatabase);
      await adminQuery(`create database ${scratchDatabase}`);
      const url = new URL(postgresAdminUrl);
      url.pathname = `/${scratchDatabase}`;
      databaseUrl = url.toString();
    }
    console.log(`\n${backend}: starting the compiled server`);
    server = await startServer(backend, databaseUrl);
    console.log(`  listening on ${server.baseUrl}, data in ${server.dataDir}`);
    const cookie = await signIn(server);

    const headers = { 'x-provider': PROVIDER, cookie };
    rows.push(await load(backend, server, '/api/user', headers));
    rows.push(await load(backend, server, '/api/health', { 'x-provider': PROVIDER }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const tail = server?.tail();
    throw new Error(tail ? `${message}\n--- last server output ---\n${tail}` : message, {
      cause: error,
    });
  } finally {
    if (server) {
      await server.stop();
      await rm(path.dirname(server.dataDir), { recursive: true, force: true });
    }
    if (scratchDatabase) await dropDatabase(scratchDatabase);
  }
}

async function dropDatabase(name: string): Promise<void> {
  try {
    await adminQuery(`drop database if exists ${name} with (force)`);
    scratchDatabases.delete(name);
  } catch (error) {
    console.error(`could not drop database ${name}: ${String(error)}`);
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({
    connectionString: postgresAdminUrl,
    connectionTimeoutMillis: 5_000,
  });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------- report

function printTable(rows: Row[]): void {
  const columns = ['backend', 'endpoint', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'];
  const cells = rows.map((r) => [
    r.backend,
    r.endpoint,
    r.requestsPerSecond.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = columns.map((c, i) =>
    Math.max(c.length, ...cells.map((row) => row[i]?.length ?? 0)),
  );
  const format = (row: string[]): string =>
    row
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(format(columns));
  console.log(format(widths.map((w) => '-'.repeat(w))));
  for (const row of cells) console.log(format(row));
}

async function main(): Promise<void> {
  const backends = selectedBackends();
  console.log(
    `bench: ${backends.join(', ')}; ${connections} connections, ${durationSeconds} s per endpoint` +
      (warmupSeconds > 0 ? ` after ${warmupSeconds} s warm-up` : ''),
  );
  const rows: Row[] = [];
  const failures: Failure[] = [];
  for (const backend of backends) {
    try {
      await benchBackend(backend, rows);
    } catch (error) {
      failures.push({ backend, message: error instanceof Error ? error.message : String(error) });
    }
  }

  console.log('');
  if (rows.length > 0) printTable(rows);
  let isClean = failures.length === 0;
  for (const row of rows) {
    if (row.non2xx > 0 || row.errors > 0) {
      isClean = false;
      const codes = Object.entries(row.statusCodes)
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, count]) => `${code}×${count}`)
        .join(', ');
      console.log(
        `WARNING: ${row.backend} ${row.endpoint}: ${row.non2xx} non-2xx` +
          (codes ? ` (${codes})` : '') +
          `, ${row.errors} connection errors/timeouts — these figures are not clean`,
      );
    }
  }
  for (const failure of failures) console.error(`\nFAILED: ${failure.backend}: ${failure.message}`);
  if (!isClean) {
    console.error('\nbench: finished WITH ERRORS');
    process.exitCode = 1;
  }
}

await main();
