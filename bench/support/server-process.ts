// What the benchmarks share: numbers from the environment, a free port, a Shark server started as a
// child process on an embedded database of its own, its resident memory, and a verified creator's session.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import PostalMime from 'postal-mime';
import { buildServerBundles } from '../../scripts/build-server.mjs';
import { SERVER_NODE_ARGS } from '../../scripts/runtime-settings.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

let compiled: Promise<string> | undefined;
/** The server compiled as `npm start` compiles it (scripts/build-server.mjs), once per run: its main file. */
export function compiledServer(): Promise<string> {
  compiled ??= buildServerBundles({ main: path.join(ROOT, 'apps/server/src/main.ts') }).then(
    (files) => files.main,
  );
  return compiled;
}
export const PROVIDER = 'shark';

/**
 * A positive number from the environment (or zero, when `allowZero`), or the fallback when unset;
 * anything else stops the bench.
 */
export function positive(name: string, fallback: number, allowZero = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0))
    throw new Error(`${name}=${raw}: expected a ${allowZero ? 'non-negative' : 'positive'} number`);
  return value;
}

export function freePort(): Promise<number> {
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

/** A process's resident memory in bytes, from /proc (what the kernel holds for it, heap and buffers alike). */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  pid: number;
  /** Resolves when the process has ended. */
  exited: Promise<void>;
  /** Asks the server to stop (SIGTERM); resolves once it has, killing it after 10 s. */
  stop(): Promise<void>;
  /** The last lines the server printed, for error messages. */
  tail(): string;
}

const started: { child: ChildProcess; workDir: string }[] = [];
process.once('exit', () => {
  for (const { child, workDir } of started) {
    child.kill('SIGKILL');
    rmSync(workDir, { recursive: true, force: true });
  }
});

/**
 * `npm start`'s server (no web build needed) on a free port and a new DATA_DIR, without the caller's
 * SMTP, PostgreSQL or S3 settings unless `env` gives its own; resolves once /api/health answers.
 * `nodeArgs` go to Node before the server's file (a CPU profile's flags).
 */
export async function startServerProcess(
  name: string,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const workDir = await mkdtemp(path.join(os.tmpdir(), `shark-bench-${name}-`));
  const dataDir = path.join(workDir, 'data');
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const unset of [
    'SMTP_URL',
    'DATABASE_URL',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ])
    delete childEnv[unset];
  Object.assign(childEnv, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...env,
  });
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, ...nodeArgs, await compiledServer()],
    {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  started.push({ child, workDir });
  const lines: string[] = [];
  const remember = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);
  const tail = () => lines.join('\n');
  // 'close', not 'exit': output can still arrive between the two.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await Promise.race([exited.then(() => true), sleep(10_000, false)]))) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}):\n${tail()}`);
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become healthy in 90 s:\n${tail()}`);
    }
    await sleep(250);
  }
  return { baseUrl, dataDir, pid: child.pid!, exited, stop, tail };
}

/**
 * A new creator's session cookie, through the real sign-up and the link mailed to DATA_DIR/mail.
 * Returns her e-mail address too, for CLI grants.
 */
export async function verifiedSession(
  server: Pick<ServerProcess, 'baseUrl' | 'dataDir'>,
): Promise<{ cookie: string; email: string }> {
  const { baseUrl, dataDir } = server;
  const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
  const headers = { 'x-provider': PROVIDER, origin: baseUrl, 'content-type': 'application/json' };
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
  return { cookie, email };
}
