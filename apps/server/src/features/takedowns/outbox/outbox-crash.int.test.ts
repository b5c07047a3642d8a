// The outbox under a kill in mid-send (decision 0012), with real processes: Shark sends a notice, is
// killed with SIGKILL while the send is under way, and a new Shark finishes the job. Over SMTP the
// stand-in holds its answer to the end of DATA until the kill: exactly one message is accepted, and
// both transmissions carried the same Message-ID. Without SMTP the .eml file is named by the outbox
// id: the killed writer (blocked on a FIFO where its file was going) leaves nothing, the retry writes
// one file, and a retry after a completed write replaces it.
import { spawn, execFileSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TakedownDetail } from '@shark/contracts/takedowns.ts';
import { outboxMessage, takedown, user } from '@shark/db/schema.ts';
import type { RdapStandIn } from '@shark/engine/recipients/testing/rdap-stand-in.ts';
import { loadConfig } from '#server/config/env.ts';
import { createLogger } from '#server/http/logger.ts';
import { createSharkServer, type Services } from '#server/app/server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { createTestPostgresDatabase, TEST_DB } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import { mailFileNameOf } from './outbox-sender.ts';
import {
  rdapEnv,
  resolveTestHost,
  signature,
  startSmtpStandIn,
  startTestRdap,
  THIRD_ABUSE,
  type SmtpStandIn,
} from '#server/features/takedowns/testing/enforcement-test-kit.ts';

const mainScript = fileURLToPath(new URL('../../../main.ts', import.meta.url));
const password = 'crash test password 1';

let rdap: RdapStandIn;
const cleanups: (() => Promise<void>)[] = [];
const children: Shark[] = [];

interface Shark {
  child: ChildProcessWithoutNullStreams;
  output: string[];
  exited: Promise<unknown>;
  url: string | null;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

interface Seeded {
  env: Record<string, string>;
  dataDir: string;
  email: string;
  takedownId: string;
  outboxId: string;
  messageId: string;
  /** On Postgres, the test's own services stay open to read the database while Shark runs elsewhere. */
  services: Services | null;
}

/**
 * A creator with a signed authorisation, a confirmed leak whose recipient is known and its notice in
 * the outbox, pending — written by the real services, which then let go of the database.
 */
async function seed(smtpUrl: string | null): Promise<Seeded> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shark-outbox-crash-'));
  const postgres = TEST_DB === 'postgres' ? await createTestPostgresDatabase() : null;
  cleanups.push(async () => {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...rdapEnv(rdap),
    ...(postgres
      ? { DATABASE_URL: postgres.url, AUTH_SECRET: randomBytes(32).toString('hex') }
      : {}),
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  };
  const services = await createSharkServer(loadConfig({ ...env, LOG_LEVEL: 'silent' }), {
    logger: createLogger('silent'),
    workers: false,
    resolveHost: resolveTestHost,
  });
  const email = `crash-${randomBytes(4).toString('hex')}@example.com`;
  const { user: created } = await services.auth.api.signUpEmail({
    body: { name: 'Luna Vale', email, password },
  });
  await services.database.db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.id, created.id));
  // Subscribed: her takedown's details (read back over HTTP below) need what the takedown report needs.
  await services.accounts.grant(email, { status: 'subscribed', plan: 'premium' });
  await services.enforcement.authorizations.sign(
    { id: created.id, name: 'Luna Vale', email, emailVerified: true, isAffiliateOnly: false },
    services.brands.get('shark')!,
    signature(),
    { ipAddress: '127.0.0.1', userAgent: 'crash test' },
  );
  const recorded = await services.findings.record({
    userId: created.id,
    scanId: null,
    kind: 'leak',
    pageUrl: 'https://crash-leaks.example/watch/1',
    mediaUrl: 'https://crash-leaks.example/media/1.jpg',
    source: 'test',
    confidence: 0.99,
    mediaSha256: randomBytes(32).toString('hex'),
  });
  const [row] = await services.database.db
    .select()
    .from(takedown)
    .where(eq(takedown.findingId, recorded.id));
  // The jobs, run here by hand; the queued copies run in the Shark started next and find nothing to do.
  await services.enforcement.recipients.resolve(row!.id, { isLastAttempt: true });
  await services.enforcement.notices.notify(created.id, THIRD_ABUSE);
  const [outbox] = await services.database.db
    .select()
    .from(outboxMessage)
    .where(eq(outboxMessage.userId, created.id));
  expect(outbox).toMatchObject({ status: 'pending', attempts: 0, recipientKey: THIRD_ABUSE });
  if (!postgres) await services.close();
  else cleanups.push(() => services.close());
  return {
    env,
    dataDir,
    email,
    takedownId: row!.id,
    outboxId: outbox!.id,
    messageId: outbox!.messageId,
    services: postgres ? services : null,
  };
}

/** Shark as `npm start` runs it (a worker process on Postgres), with only the environment given. */
async function startShark(seeded: Seeded): Promise<Shark> {
  const isPostgres = seeded.services !== null;
  const port = isPostgres ? null : await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...seeded.env,
    LOG_LEVEL: 'info',
    ENFORCEMENT_SWEEP_SECONDS: '1',
    // A killed sender's claim expires this fast on Postgres (the embedded database expires it at start).
    OUTBOX_CLAIM_SECONDS: '3',
    ...(port
      ? { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` }
      : {}),
  };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', mainScript, ...(isPostgres ? ['--role=worker'] : [])],
    { env },
  );
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const shark = { child, output, exited, url: port ? `http://127.0.0.1:${port}` : null };
  children.push(shark);
  await waitFor(
    () =>
      output.join('').includes(isPostgres ? 'Shark worker is running' : 'Shark is running') ||
      (child.exitCode !== null ? 'exited' : undefined),
    {
      what: 'Shark to start',
      timeoutMs: 90_000,
      intervalMs: 100,
    },
  ).then((state) => {
    if (state === 'exited') throw new Error(`Shark exited at start:\n${output.join('')}`);
  });
  return shark;
}

async function kill(shark: Shark, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  shark.child.kill(signal);
  await shark.exited;
}

/** The notice's delivery as Shark records it: from the database on Postgres, else through the API of the running Shark. */
async function deliveryOf(seeded: Seeded, shark: Shark) {
  if (seeded.services) {
    const [row] = await seeded.services.database.db
      .select()
      .from(outboxMessage)
      .where(eq(outboxMessage.id, seeded.outboxId));
    return row
      ? { status: row.status, attempts: row.attempts, lastError: row.lastError }
      : undefined;
  }
  const client = new TestClient(shark.url!);
  const signedIn = await client.post(
    '/api/auth/sign-in/email',
    { email: seeded.email, password },
    { origin: shark.url! },
  );
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  const res = await client.get<TakedownDetail>(`/api/takedowns/${seeded.takedownId}`);
  expect(res.status).toBe(200);
  return res.body.notices[0]?.delivery ?? undefined;
}

function sentDelivery(seeded: Seeded, shark: Shark) {
  return waitFor(
    async () => {
      const delivery = await deliveryOf(seeded, shark);
      return delivery?.status === 'sent' ? delivery : undefined;
    },
    { what: 'the notice to be marked sent', timeoutMs: 60_000, intervalMs: 250 },
  );
}

beforeAll(async () => {
  rdap = await startTestRdap();
});

afterAll(async () => {
  for (const shark of children)
    if (shark.child.exitCode === null && shark.child.signalCode === null)
      shark.child.kill('SIGKILL');
  await Promise.all(children.map((shark) => shark.exited));
  for (const cleanup of cleanups.reverse()) await cleanup();
  await rdap?.close();
});

describe('a notice sent over SMTP by a Shark killed in mid-send', () => {
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('is accepted exactly once, with one Message-ID', { timeout: 240_000 }, async () => {
    const seeded = await seed(smtp.url);
    // The stand-in takes the whole message, then keeps its answer to itself until the sender is gone.
    smtp.answer = (message) =>
      message.messageId === seeded.messageId &&
      smtp.transmitted.filter((m) => m.messageId === seeded.messageId).length === 1
        ? 'hold'
        : 'accept';

    const first = await startShark(seeded);
    await waitFor(() => smtp.transmitted.some((m) => m.messageId === seeded.messageId), {
      what: 'the notice’s DATA to reach the server',
      timeoutMs: 60_000,
    });
    await kill(first);
    expect(smtp.accepted.filter((m) => m.messageId === seeded.messageId)).toHaveLength(0);

    const second = await startShark(seeded);
    const delivery = await sentDelivery(seeded, second);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 2 });
    const accepted = smtp.accepted.filter((m) => m.messageId === seeded.messageId);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.to).toEqual([THIRD_ABUSE]);
    expect(accepted[0]!.raw).toContain('https://crash-leaks.example/watch/1');
    expect(accepted[0]!.raw).toContain('Content-Type: application/pdf');
    // The interrupted transmission and the retry are the same message.
    expect(smtp.transmitted.filter((m) => m.messageId === seeded.messageId)).toHaveLength(2);
    // Nothing else went to that recipient (no third send by a sweep of the second Shark).
    expect(smtp.accepted.filter((m) => m.to.includes(THIRD_ABUSE))).toHaveLength(1);
    await kill(second, 'SIGTERM');
  });
});

describe('a notice written as .eml by a Shark killed in mid-write', () => {
  it('leaves exactly one file, however often it is written', { timeout: 240_000 }, async () => {
    const seeded = await seed(null);
    const mailDir = join(seeded.dataDir, 'mail');
    const name = mailFileNameOf(seeded.outboxId);
    mkdirSync(mailDir, { recursive: true });
    // Where the message is written before its rename: a FIFO nobody reads holds the writer in open().
    const fifo = join(mailDir, `${name}.eml.partial`);
    execFileSync('mkfifo', [fifo]);

    const first = await startShark(seeded);
    const pid = first.child.pid!;
    await waitFor(
      () =>
        readdirSync(`/proc/${pid}/task`).some((task) => {
          try {
            return (
              readFileSync(`/proc/${pid}/task/${task}/wchan`, 'utf8').trim() === 'wait_for_partner'
            );
          } catch {
            return false;
          }
        }),
      { what: 'the writer to block on the notice’s file', timeoutMs: 60_000 },
    );
    await kill(first);
    expect(existsSync(join(mailDir, `${name}.eml`))).toBe(false);
    rmSync(fifo);

    const second = await startShark(seeded);
    const delivery = await sentDelivery(seeded, second);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 2 });
    const notices = () => readdirSync(mailDir).filter((file) => file.startsWith('notice-'));
    expect(notices()).toEqual([`${name}.eml`]);
    const written = readFileSync(join(mailDir, `${name}.eml`), 'utf8');
    expect(written).toContain(`Message-ID: ${seeded.messageId}`);
    expect(written).toContain(`To: ${THIRD_ABUSE}`);
    await kill(second, 'SIGTERM');

    // A crash after the file's rename but before the mark: the retry writes the same file again.
    const services =
      seeded.services ??
      (await createSharkServer(loadConfig({ ...seeded.env, LOG_LEVEL: 'silent' }), {
        logger: createLogger('silent'),
        workers: false,
      }));
    try {
      await services.database.db
        .update(outboxMessage)
        .set({ status: 'sending', claimedUntil: new Date(Date.now() - 1000) })
        .where(eq(outboxMessage.id, seeded.outboxId));
      expect(await services.enforcement.outbox.send(seeded.outboxId)).toMatchObject({
        sent: expect.any(String),
      });
      expect(notices()).toEqual([`${name}.eml`]);
      const [row] = await services.database.db
        .select()
        .from(takedown)
        .where(eq(takedown.id, seeded.takedownId));
      expect(row!.status).toBe('notice_sent');
    } finally {
      if (!seeded.services) await services.close();
    }
  });
});
