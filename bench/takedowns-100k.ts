// The dashboard and the takedown report with 100,000 takedowns in one account: the time of
// GET /api/dashboard/summary (median of several), of the report's first page, and of the CSV and PDF
// exports, with this process's peak resident memory while each export streams. It prints figures and
// asserts nothing about time.
//   BENCH_TAKEDOWNS      takedowns seeded for the account, each with its finding, recipient and events
//                        (default 100000)
//   BENCH_RUNS           requests per endpoint for the medians (default 7, after one warm-up)
//   BENCH_DATABASE_URL   a Postgres server (postgres://user@host:port/db) on which a database of the
//                        run's own is created and dropped, measured after the embedded database (PGlite,
//                        on disk in a temporary DATA_DIR, as `npm start` runs it)
// Shark runs in this process (its services and HTTP app on a loopback port) and the requests come from
// here; an export's body is counted as it arrives, never kept. Peak memory is VmHWM from /proc/self/status,
// reset before each export by writing 5 to /proc/self/clear_refs (Linux), so each figure is that export's.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { user } from '@shark/db/schema.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { createApp } from '../apps/server/src/http/app.ts';
import { createLogger } from '../apps/server/src/http/logger.ts';
import { createSharkServer, type Services } from '../apps/server/src/app/server.ts';
import { seedManyTakedowns } from '../apps/server/src/features/takedowns/testing/takedown-report-seed.ts';

const MB = 1024 * 1024;
const PROVIDER = 'shark';

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name}=${raw}: expected a whole number above 0`);
  return value;
}

const takedowns = positive('BENCH_TAKEDOWNS', 100_000);
const runs = positive('BENCH_RUNS', 7);

/** The kernel's high-water mark of this process's resident memory, in bytes. */
function peakRss(): number {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) * 1024 : process.memoryUsage().rss;
}

/** Starts a new high-water mark (Linux); false where the kernel does not allow it. */
function resetPeakRss(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Running {
  url: string;
  services: Services;
  close(): Promise<void>;
}

async function start(databaseUrl: string | undefined): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shark-bench-takedowns-'));
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: String((http.address() as AddressInfo).port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    // No scheduled work competes with the requests measured: the seeded takedowns are rows for the
    // reads, not work for the sweeps (their URLs and recipients are made up).
    SCAN_SCHEDULE_CHECK_SECONDS: '86400',
    ENFORCEMENT_SWEEP_SECONDS: '86400',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const services = await createSharkServer(config, { logger: createLogger('warn') });
  const listener = getRequestListener(createApp(services).fetch);
  http.on('request', (req, res) => void listener(req, res));
  return {
    url,
    services,
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A subscribed creator with a session cookie. */
async function creator(running: Running): Promise<{ id: string; cookie: string }> {
  const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
  const password = `Bench-${randomBytes(12).toString('hex')}`;
  const { user: created } = await running.services.auth.api.signUpEmail({
    body: { name: 'Bench Creator', email, password },
  });
  await running.services.database.db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.id, created.id));
  await running.services.accounts.grant(email, { status: 'subscribed', plan: 'premium' });
  const response = await fetch(`${running.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-provider': PROVIDER, origin: running.url },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in: HTTP ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';', 1)[0]!.trim())
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
  return { id: created.id, cookie };
}

async function timed(what: string, url: string, cookie: string): Promise<number> {
  const startedAt = performance.now();
  const response = await fetch(url, { headers: { cookie, 'x-provider': PROVIDER } });
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
  await response.arrayBuffer();
  return performance.now() - startedAt;
}

/** Streams an export, counting its bytes; its time and this process's peak memory meanwhile. */
async function exportOnce(
  url: string,
  cookie: string,
): Promise<{ ms: number; bytes: number; peakBytes: number; isPeakReset: boolean }> {
  const isPeakReset = resetPeakRss();
  const startedAt = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  if (response.status !== 200 || !response.body)
    throw new Error(`${url}: HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = (await reader.read()) as
      { done: true; value?: undefined } | { done: false; value: Uint8Array };
    if (done) break;
    bytes += value.length;
  }
  return { ms: performance.now() - startedAt, bytes, peakBytes: peakRss(), isPeakReset };
}

async function measure(backend: string, databaseUrl: string | undefined): Promise<void> {
  console.log(`\n${backend}: seeding ${takedowns.toLocaleString('en-US')} takedowns`);
  const running = await start(databaseUrl);
  try {
    const me = await creator(running);
    const seedStarted = performance.now();
    await seedManyTakedowns(running.services.database.db, me.id, takedowns);
    await running.services.database.db.execute(sql`analyze`);
    console.log(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const summaryUrl = `${running.url}/api/dashboard/summary`;
    const pageUrl = `${running.url}/api/takedowns`;
    await timed('summary', summaryUrl, me.cookie);
    await timed('report page', pageUrl, me.cookie);
    const summaryMs: number[] = [];
    const pageMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      summaryMs.push(await timed('summary', summaryUrl, me.cookie));
      pageMs.push(await timed('report page', pageUrl, me.cookie));
    }
    console.log(
      `  GET /api/dashboard/summary      median ${median(summaryMs).toFixed(0)} ms (${runs} runs, min ${Math.min(...summaryMs).toFixed(0)}, max ${Math.max(...summaryMs).toFixed(0)})`,
    );
    console.log(
      `  GET /api/takedowns (first page) median ${median(pageMs).toFixed(0)} ms (${runs} runs, min ${Math.min(...pageMs).toFixed(0)}, max ${Math.max(...pageMs).toFixed(0)})`,
    );

    const rssBefore = process.memoryUsage().rss;
    for (const format of ['csv', 'pdf'] as const) {
      const result = await exportOnce(
        `${running.url}/api/takedowns/export.${format}?provider=${PROVIDER}`,
        me.cookie,
      );
      console.log(
        `  GET /api/takedowns/export.${format}   ${(result.ms / 1000).toFixed(1)} s, ${(result.bytes / MB).toFixed(1)} MB; ` +
          `peak RSS ${(result.peakBytes / MB).toFixed(0)} MB${result.isPeakReset ? ' during the export' : ' since start (clear_refs refused)'}` +
          ` (RSS before the exports ${(rssBefore / MB).toFixed(0)} MB)`,
      );
    }
  } finally {
    await running.close();
  }
}

async function withScratchDatabase(
  adminUrl: string,
  work: (url: string) => Promise<void>,
): Promise<void> {
  const name = `shark_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await work(url.toString());
  } finally {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}

console.log(
  `bench takedowns-100k: ${takedowns.toLocaleString('en-US')} takedowns, ${runs} runs per endpoint`,
);
await measure('pglite', undefined);
const postgresUrl = process.env.BENCH_DATABASE_URL?.trim();
if (postgresUrl) await withScratchDatabase(postgresUrl, (url) => measure('postgres', url));
else console.log('\npostgres: skipped (set BENCH_DATABASE_URL to measure it too)');
