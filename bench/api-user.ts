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
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import PostalMime from 'postal-mime';
import pg from 'pg';
import { SERVER_NODE_ARGS } from '../scripts/runtime-settings.mjs';
import { compiledServer } from './support/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_ENTRY = 'apps/server/src/main.ts';
const PROVIDER = 'shark';
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const BACKENDS = ['pglite', 'postgres'] as const;
type Backend = (typeof BACKENDS)[number];

const durationSeconds = positiveNumber('BENCH_DURATION', 10);
const warmupSeconds = positiveNumber('BENCH_WARMUP', 2, true);
const connections = positiveNumber('BENCH_CONNECTIONS', 100);
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

interface RunningServer {
  baseUrl: string;
  dataDir: string;
  logFile: string;
  child: ChildProcess;
  exited: Promise<void>;
  /** Last lines the server printed, for error messages. */
  tail: () => string;
}

function positiveNumber(name: string, fallback: number, allowZero = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new Error(`${name}=${raw}: expected a ${allowZero ? 'non-negative' : 'positive'} number`);
  }
  return value;
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// ------------------------------------------------------------------------------- server

async function startServer(
  backend: Backend,
  databaseUrl: string | undefined,
): Promise<RunningServer> {
  const port = await freePort();
  const workDir = await mkdtemp(path.join(os.tmpdir(), `shark-bench-${backend}-`));
  workDirs.add(workDir);
  const dataDir = path.join(workDir, 'data');
  const logFile = path.join(workDir, 'server.log');
  const baseUrl = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    // Required with DATABASE_URL; the embedded database would otherwise make and keep one.
    AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString('hex'),
    // Per-request info logs would measure the pipe to this process as much as the server.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  // Mail must land in $DATA_DIR/mail, and the backend is chosen here, not by the caller's shell.
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const profileDir = process.env.BENCH_CPU_PROF?.trim();
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...profile, await compiledServer()], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  const lines: string[] = [];
  const remember = (chunk: Buffer): void => {
    log.write(chunk);
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);
  const exited = new Promise<void>((resolve) => {
    // 'close', not 'exit': output can still arrive between the two.
    child.once('close', () => {
      log.end();
      resolve();
    });
  });
  liveServers.add(child);
  void exited.then(() => liveServers.delete(child));

  const server: RunningServer = {
    baseUrl,
    dataDir,
    logFile,
    child,
    exited,
    tail: () => lines.join('\n'),
  };
  try {
    await waitForHealth(server);
  } catch (error) {
    await stopServer(server);
    await rm(workDir, { recursive: true, force: true });
    workDirs.delete(workDir);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n--- last server output ---\n${server.tail()}`, { cause: error });
  }
  return server;
}

async function waitForHealth(server: RunningServer): Promise<void> {
  const deadline = Date.now() + 90_000;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `server exited (${server.child.exitCode ?? server.child.signalCode}) before it was healthy`,
      );
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, {
        headers: { 'x-provider': PROVIDER },
        signal: AbortSignal.timeout(5_000),
      });
      if (response.status === 200) return;
      last = `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(`GET /api/health did not answer 200 within 90 s (last: ${last})`);
}

async function stopServer(server: RunningServer): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const stopped = await Promise.race([server.exited.then(() => true), sleep(10_000, false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await server.exited;
  }
}

/** Servers and scratch databases still there, so that Ctrl-C or a crash leaves none behind. */
const liveServers = new Set<ChildProcess>();
const scratchDatabases = new Set<string>();
const workDirs = new Set<string>();
function killLiveServers(): void {
  for (const child of liveServers) child.kill('SIGKILL');
}
process.once('exit', () => {
  killLiveServers();
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killLiveServers();
    const drops = [...scratchDatabases].map((name) => dropDatabase(name));
    void Promise.race([Promise.allSettled(drops), sleep(5_000)]).finally(() => process.exit(130));
  });
}

// -------------------------------------------------------------------------------- session

async function call(
  server: RunningServer,
  method: 'GET' | 'POST',
  pathname: string,
  body?: unknown,
): Promise<Response> {
  // The Origin a browser on the app's own page would send; the auth routes refuse writes without it.
  const headers: Record<string, string> = { 'x-provider': PROVIDER, origin: server.baseUrl };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.baseUrl}${pathname}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (response.status >= 200 && response.status < 400) return;
  throw new Error(`${what}: HTTP ${response.status}: ${(await response.text()).slice(0, 500)}`);
}

/** `name=value` pairs of the auth cookies (named `shark.*`, maybe with a __Secure- prefix). */
function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';', 1)[0]?.trim() ?? '')
    .filter((pair) => /^(__Secure-|__Host-)?shark\./.test(pair) && !pair.endsWith('='))
    .join('; ');
}

async function readVerificationToken(dataDir: string): Promise<string> {
  const mailDir = path.join(dataDir, 'mail');
  const deadline = Date.now() + 30_000;
  const pattern = /\/email-settings\/verification\/([^\s"'<>?#&]+)/;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = (await readdir(mailDir, { recursive: true })).filter((f) => f.endsWith('.eml'));
    } catch {
      // The directory appears with the first mail.
    }
    for (const file of files) {
      const email = await PostalMime.parse(await readFile(path.join(mailDir, file)));
      const match = pattern.exec(`${email.text ?? ''}\n${email.html ?? ''}`);
      if (match?.[1]) return decodeURIComponent(match[1]);
    }
    await sleep(200);
  }
  throw new Error(
    `no verification mail with /email-settings/verification/<token> in ${mailDir} within 30 s`,
  );
}

async function signIn(server: RunningServer): Promise<string> {
  const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
  const password = `Bench-${randomBytes(12).toString('hex')}`;

  const signUp = await call(server, 'POST', '/api/auth/sign-up/email', {
    name: 'Bench User',
    email,
    password,
  });
  await expectOk(signUp, 'POST /api/auth/sign-up/email');

  const token = await readVerificationToken(server.dataDir);
  const verify = await call(
    server,
    'GET',
    `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
  );
  await expectOk(verify, 'GET /api/auth/verify-email');
  let cookie = sessionCookie(verify);
  let source = 'verify-email';

  if (!cookie) {
    source = 'sign-in';
    const signInResponse = await call(server, 'POST', '/api/auth/sign-in/email', {
      email,
      password,
    });
    await expectOk(signInResponse, 'POST /api/auth/sign-in/email');
    cookie = sessionCookie(signInResponse);
  }
  if (!cookie) throw new Error('neither verify-email nor sign-in set a shark.* cookie');

  // One request by hand, so a broken session is reported plainly instead of as 100% non-2xx.
  const user = await fetch(`${server.baseUrl}/api/user`, {
    headers: { 'x-provider': PROVIDER, cookie },
    signal: AbortSignal.timeout(15_000),
  });
  if (user.status !== 200) {
    throw new Error(
      `GET /api/user with the session cookie: HTTP ${user.status}: ${(await user.text()).slice(0, 300)}`,
    );
  }
  console.log(`  signed in a verified user (session cookie from ${source})`);
  return cookie;
}

// ----------------------------------------------------------------------------------- load

async function load(
  backend: Backend,
  server: RunningServer,
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
  let server: RunningServer | undefined;
  try {
    if (backend === 'postgres') {
      scratchDatabase = `shark_bench_${randomBytes(6).toString('hex')}`;
      scratchDatabases.add(scratchDatabase);
      await adminQuery(`create database ${scratchDatabase}`);
      const url = new URL(postgresAdminUrl);
      url.pathname = `/${scratchDatabase}`;
      databaseUrl = url.toString();
    }
    console.log(`\n${backend}: starting ${SERVER_ENTRY}`);
    server = await startServer(backend, databaseUrl);
    console.log(`  listening on ${server.baseUrl}, data in ${server.dataDir}`);
    const cookie = await signIn(server);

    const headers = { 'x-provider': PROVIDER, cookie };
    rows.push(await load(backend, server, '/api/user', headers));
    rows.push(await load(backend, server, '/api/health', { 'x-provider': PROVIDER }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const tail = server?.tail();
    throw new Error(
      tail ? `${message}\n--- last server output (${server?.logFile}) ---\n${tail}` : message,
      { cause: error },
    );
  } finally {
    if (server) {
      await stopServer(server);
      const workDir = path.dirname(server.dataDir);
      await rm(workDir, { recursive: true, force: true });
      workDirs.delete(workDir);
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
