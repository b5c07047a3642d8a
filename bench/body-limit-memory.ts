// `npm run bench`: the server's resident memory while it refuses 200 MB request bodies. The server runs
// as a child process (embedded database); its VmRSS (/proc/<pid>/status) is sampled while idle and
// throughout four floods: the unauthenticated sign-in and a signed-in POST /api/search-terms, each with
// Content-Length and chunked. Target: peak within 50 MB of idle, since a body over its route's limit is
// refused as it streams in and never held (apps/server/src/http/body-limits.ts). Fails when missed.
//
// Environment:
//   BENCH_FLOOD_MB     size of each hostile body in MiB (default 200)
//   BENCH_SAMPLE_MS    how often VmRSS is read (default 10)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import PostalMime from 'postal-mime';
import { floodRequest, sampleRss } from '../apps/server/src/testing/body-flood.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const MiB = 1024 * 1024;
const TARGET_ABOVE_IDLE = 50 * MiB;
const floodBytes = positive('BENCH_FLOOD_MB', 200) * MiB;
const sampleMs = positive('BENCH_SAMPLE_MS', 10);

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name}=${raw}: expected a positive number`);
  return value;
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

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

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

let child: ChildProcess | undefined;
let workDir: string | undefined;
process.once('exit', () => {
  child?.kill('SIGKILL');
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function startServer(): Promise<{ baseUrl: string; dataDir: string; pid: number }> {
  const port = await freePort();
  workDir = await mkdtemp(path.join(os.tmpdir(), 'shark-bench-body-'));
  const dataDir = path.join(workDir, 'data');
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  for (const name of ['SMTP_URL', 'DATABASE_URL', 'S3_ENDPOINT', 'S3_BUCKET']) delete env[name];
  const started = spawn(process.execPath, [...process.execArgv, 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child = started;
  const errors: string[] = [];
  started.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8')));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (started.exitCode !== null)
      throw new Error(`the server exited (${started.exitCode}):\n${errors.join('')}`);
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline)
      throw new Error(`the server did not become healthy in 90 s:\n${errors.join('')}`);
    await sleep(250);
  }
  return { baseUrl, dataDir, pid: started.pid! };
}

/** A verified creator's session cookie, through the real sign-up and the mailed link. */
async function session(baseUrl: string, dataDir: string): Promise<string> {
  const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
  const headers = { 'x-provider': 'shark', origin: baseUrl, 'content-type': 'application/json' };
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Bench Creator',
      email,
      password: `Bench-${randomBytes(12).toString('hex')}`,
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up: HTTP ${signUp.status} ${await signUp.text()}`);
  const mailDir = path.join(dataDir, 'mail');
  let token: string | undefined;
  for (let attempt = 0; attempt < 150 && !token; attempt++) {
    const files = await readdir(mailDir, { recursive: true }).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const mail = await PostalMime.parse(await readFile(path.join(mailDir, file)));
      token = /\/email-settings\/verification\/([^\s"'<>?#&]+)/.exec(
        `${mail.text ?? ''}\n${mail.html ?? ''}`,
      )?.[1];
    }
    if (!token) await sleep(200);
  }
  if (!token) throw new Error('no verification mail');
  const verified = await fetch(`${baseUrl}/api/auth/verify-email?token=${token}`, {
    headers,
    redirect: 'manual',
  });
  const cookie = verified.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0]!.trim())
    .filter((pair) => /^(__Secure-)?shark\./.test(pair) && !pair.endsWith('='))
    .join('; ');
  if (!cookie) throw new Error(`verify-email set no session cookie (HTTP ${verified.status})`);
  return cookie;
}

async function main() {
  console.log(`refusing ${mib(floodBytes)} bodies; VmRSS sampled every ${sampleMs} ms`);
  const { baseUrl, dataDir, pid } = await startServer();
  const cookie = await session(baseUrl, dataDir);
  const floods = (totalBytes: number) =>
    [false, true].flatMap((chunked) => [
      {
        name: `sign-in, ${chunked ? 'chunked' : 'Content-Length'}`,
        run: () =>
          floodRequest(`${baseUrl}/api/auth/sign-in/email`, {
            headers: { 'x-provider': 'shark' },
            totalBytes,
            chunked,
            prefix: '{"email":"someone@example.com","password":"',
          }),
      },
      {
        name: `search-terms (signed in), ${chunked ? 'chunked' : 'Content-Length'}`,
        run: () =>
          floodRequest(`${baseUrl}/api/search-terms`, {
            headers: { 'x-provider': 'shark', cookie },
            totalBytes,
            chunked,
            prefix: '{"term":"',
          }),
      },
    ]);
  // Each request once, small: what it loads once (code, pools) belongs to idle.
  for (const flood of floods(MiB)) await flood.run();

  const idle = await rssOf(pid);
  let worst = 0;
  for (const flood of floods(floodBytes)) {
    const sampler = sampleRss(() => rssOf(pid), sampleMs);
    const result = await flood.run();
    const peak = await sampler.stop();
    worst = Math.max(worst, peak);
    console.log(
      `  ${flood.name}: HTTP ${result.status}, ${mib(result.bytesSent)} sent before the server closed, peak ${mib(peak)} (+${mib(peak - idle)})`,
    );
    if (result.status !== 413)
      throw new Error(`${flood.name}: expected 413, got ${result.status} ${result.body}`);
  }
  console.log(
    `idle ${mib(idle)}, peak ${mib(worst)}: +${mib(worst - idle)} (target: at most +${mib(TARGET_ABOVE_IDLE)})`,
  );
  if (worst - idle > TARGET_ABOVE_IDLE) {
    console.error('FAILED: refusing a body grew the server past the target');
    process.exitCode = 1;
  }
}

try {
  await main();
} finally {
  child?.kill('SIGTERM');
}
