// What the enforcement tests share: Shark on a free port with the recipient look-up's DNS given its own
// answers (through the services' option, as startTestServer has none), an RDAP stand-in with ARIN- and
// RIPE-style networks and a registry, a creator with a plan, and findings recorded through the real
// findings service.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type {
  AuthorizationState,
  SignAuthorization,
} from '@shark/contracts/agent-authorization.ts';
import { protectedAccount, takedown, user } from '@shark/db/schema.ts';
import {
  arinNetworkAnswer,
  registryDomainAnswer,
  ripeNetworkAnswer,
} from '@shark/engine/recipients/testing/rdap-answers.ts';
import {
  startRdapStandIn,
  type RdapStandIn,
} from '@shark/engine/recipients/testing/rdap-stand-in.ts';
import { loadConfig } from '#server/config/env.ts';
import { createApp } from '#server/http/app.ts';
import { createLogger, type Logger } from '#server/http/logger.ts';
import { createSharkServer } from '#server/app/server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import {
  createTestPostgresDatabase,
  TEST_DB,
  testPgliteOptions,
  type TestServer,
} from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';

/** Hosts of the tests' leak sites and the addresses their DNS gives. */
export const TEST_HOSTS: Record<string, string[]> = {
  // An ARIN-style network (Example Hosting, LLC).
  'leaky-tube.example': ['198.51.100.7'],
  'second-leaks.example': ['198.51.100.8'],
  // A RIPE-style network (Hosting B.V.).
  'ripe-leaks.example': ['203.0.113.9'],
  // Behind Cloudflare (an address in its published ranges): its abuse form takes the notice.
  'cdn-leaks.example': ['104.16.5.5'],
  // Two sites of a third host (its own abuse address), for tests that count sends per recipient.
  'limit-a.example': ['192.0.2.10'],
  'limit-b.example': ['192.0.2.11'],
  'crash-leaks.example': ['192.0.2.12'],
};

export const ARIN_ABUSE = 'abuse@example-hosting.example';
export const RIPE_ABUSE = 'abuse@hosting-bv.example';
export const REGISTRAR_ABUSE = 'abuse@registrar.example';
export const THIRD_ABUSE = 'abuse@third-hosting.example';

/** The RDAP world of the test hosts: an ARIN and a RIPE network, and a registry for .example names. */
export async function startTestRdap(): Promise<RdapStandIn> {
  const registrar = (name: string) => ({
    name,
    answer: registryDomainAnswer({
      name,
      registrar: 'Example Registrar, Inc.',
      ianaId: '9999',
      abuseEmail: REGISTRAR_ABUSE,
    }),
    registry: 'verisign',
  });
  return startRdapStandIn({
    networks: [
      {
        cidr: '198.51.100.0/24',
        registry: 'arin',
        answer: arinNetworkAnswer({
          cidr: '198.51.100.0/24',
          name: 'EXAMPLE-HOSTING-1',
          organisation: 'Example Hosting, LLC',
          abuseEmail: ARIN_ABUSE,
          country: 'US',
        }),
      },
      {
        cidr: '203.0.113.0/24',
        registry: 'ripe',
        answer: ripeNetworkAnswer({
          cidr: '203.0.113.0/24',
          name: 'HOSTING-BV-NET',
          organisation: 'Hosting B.V.',
          abuseEmail: RIPE_ABUSE,
          country: 'NL',
        }),
      },
      {
        cidr: '192.0.2.0/24',
        registry: 'arin',
        answer: arinNetworkAnswer({
          cidr: '192.0.2.0/24',
          name: 'THIRD-HOSTING',
          organisation: 'Third Hosting, Inc.',
          abuseEmail: THIRD_ABUSE,
          country: 'US',
        }),
      },
    ],
    domains: Object.keys(TEST_HOSTS).map(registrar),
  });
}

/** DNS for the test hosts; any other name does not exist. */
export function resolveTestHost(host: string): Promise<string[]> {
  const addresses = TEST_HOSTS[host];
  if (addresses) return Promise.resolve(addresses);
  return Promise.reject(
    Object.assign(new Error(`queryA ENOTFOUND ${host}`), { code: 'ENOTFOUND' }),
  );
}

/** The environment that points the recipient look-up at the stand-in. */
export function rdapEnv(rdap: RdapStandIn): Record<string, string> {
  return {
    RDAP_BOOTSTRAP_IPV4_URL: rdap.bootstrap.ipv4Url,
    RDAP_BOOTSTRAP_IPV6_URL: rdap.bootstrap.ipv6Url,
    RDAP_BOOTSTRAP_DNS_URL: rdap.bootstrap.dnsUrl,
    SHARK_FETCH_ALLOWLIST: new URL(rdap.origin).host,
  };
}

/** startTestServer with the recipient look-up's DNS injected. */
export async function startEnforcementServer(
  env: Record<string, string>,
  options: {
    logger?: Logger;
    workers?: boolean;
    resolveHost?: (host: string) => Promise<string[]>;
    /** PGlite in DATA_DIR (so the CLI can reach it through the admin socket) instead of in memory. */
    persistent?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shark-enforcement-'));
  const postgres = TEST_DB === 'postgres' ? await createTestPostgresDatabase() : null;
  const app: { handler?: ReturnType<typeof getRequestListener> } = {};
  const server: Server = createServer((req, res) => {
    if (app.handler) void app.handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String((server.address() as AddressInfo).port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  if (config.database.driver === 'pglite' && !options.persistent)
    config.database = await testPgliteOptions();
  const services = await createSharkServer(config, {
    logger: options.logger ?? createLogger('silent'),
    ...(options.workers === undefined ? {} : { workers: options.workers }),
    resolveHost: options.resolveHost ?? resolveTestHost,
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

let creatorCounter = 0;

export interface TestCreator {
  userId: string;
  email: string;
  browser: TestClient;
}

/** A verified, signed-in creator with a plan and an account on a platform (her public profile). */
export async function testCreator(server: TestServer, name = 'Luna Vale'): Promise<TestCreator> {
  // Made through the auth service and verified in the database: mail may go to an SMTP stand-in here.
  const email = `creator${++creatorCounter}-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'creator password 1';
  const { user: created } = await server.services.auth.api.signUpEmail({
    body: { name, email, password },
  });
  const db = server.services.database.db;
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, created.id));
  const browser = new TestClient(server.url);
  const signedIn = await browser.post('/api/auth/sign-in/email', { email, password });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  await server.services.accounts.grant(email, { status: 'subscribed', plan: 'premium' });
  await db.insert(protectedAccount).values({
    id: `pa_${randomBytes(6).toString('hex')}`,
    userId: created.id,
    platform: 'onlyfans',
    username: 'lunavale',
    normalizedUsername: 'lunavale',
    profileUrl: 'https://onlyfans.com/lunavale',
    verificationCode: 'SHARK-TEST',
  });
  return { userId: created.id, email, browser };
}

export const LEGAL_NAME = 'Luna Maria Vale';
/** Her address: it must never appear in a notice. */
export const HOME_ADDRESS = {
  addressLine1: '77 Secret Garden Lane',
  city: 'Hiddenville',
  region: 'Oregon',
  postalCode: '97999',
  country: 'US',
};

export function signature(overrides: Partial<SignAuthorization> = {}): SignAuthorization {
  return {
    legalName: LEGAL_NAME,
    ...HOME_ADDRESS,
    signature: 'luna maria vale',
    agree: true,
    ...overrides,
  };
}

export async function signAuthorization(creator: TestCreator): Promise<AuthorizationState> {
  const res = await creator.browser.post<AuthorizationState>('/api/authorization', signature());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

let leakCounter = 0;

/** A sure leak (auto-confirmed) recorded as a scan records it; its takedown id once opened. */
export async function recordLeak(
  server: TestServer,
  userId: string,
  pageUrl: string,
  kind: 'leak' | 'mention' = 'leak',
): Promise<{ findingId: string; takedownId: string | null }> {
  leakCounter += 1;
  const recorded = await server.services.findings.record({
    userId,
    scanId: null,
    kind,
    pageUrl,
    mediaUrl: kind === 'leak' ? `${new URL(pageUrl).origin}/media/${leakCounter}.jpg` : null,
    pageTitle: `Leaked set ${leakCounter}`,
    source: 'test',
    site: null,
    confidence: kind === 'leak' ? 0.99 : 0.5,
    mediaSha256: kind === 'leak' ? randomBytes(32).toString('hex') : null,
  });
  const [row] = await server.services.database.db
    .select({ id: takedown.id })
    .from(takedown)
    .where(eq(takedown.findingId, recorded.id));
  return { findingId: recorded.id, takedownId: row?.id ?? null };
}

export async function takedownOf(server: TestServer, findingId: string) {
  const [row] = await server.services.database.db
    .select()
    .from(takedown)
    .where(eq(takedown.findingId, findingId));
  return row;
}

/** Waits until the takedown's status is one of `statuses`. */
export function takedownReaches(
  server: TestServer,
  takedownId: string,
  statuses: string[],
  timeoutMs = 30_000,
) {
  return waitFor(
    async () => {
      const [row] = await server.services.database.db
        .select()
        .from(takedown)
        .where(eq(takedown.id, takedownId));
      return row && statuses.includes(row.status) ? row : undefined;
    },
    { what: `takedown ${takedownId} to be ${statuses.join(' or ')}`, timeoutMs },
  );
}

export interface SmtpMessage {
  to: string[];
  raw: string;
  messageId: string;
}

type SmtpReply = 'accept' | { code: number; text: string };
/** 'hold': no answer, ever; a promise: the answer once it settles (a slow server). */
export type SmtpAnswer = SmtpReply | 'hold' | Promise<SmtpReply>;

export interface SmtpStandIn {
  url: string;
  /** Messages the server answered 250 to: delivered. */
  readonly accepted: SmtpMessage[];
  /** Every message whose DATA arrived whole, whatever the answer (or none). */
  readonly transmitted: SmtpMessage[];
  /** Decides the answer to each complete message; accept by default. */
  answer: (message: SmtpMessage) => SmtpAnswer;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server). A held message gets no answer at all: the sender waits
 * after its final "." as it would for a slow server, and the message is delivered only if answered.
 */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const { SMTPServer } = await import('smtp-server');
  const accepted: SmtpMessage[] = [];
  const transmitted: SmtpMessage[] = [];
  const standIn = { answer: (() => 'accept') as SmtpStandIn['answer'] };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const message = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '',
        };
        transmitted.push(message);
        const answer = standIn.answer(message);
        if (answer === 'hold') return;
        void Promise.resolve(answer).then((reply) => {
          if (reply === 'accept') {
            accepted.push(message);
            callback();
            return;
          }
          callback(Object.assign(new Error(reply.text), { responseCode: reply.code }));
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    transmitted,
    get answer() {
      return standIn.answer;
    },
    set answer(fn) {
      standIn.answer = fn;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
