// Free Removals through the real server, queue, crawler and matcher, against the simulated web: a
// promoProtect user without a subscription reports a leak, which is matched, confirmed and opens a
// takedown through the normal enforcement path; the allowance holds under concurrent requests; a report
// that ends without a finding gives its removal back; the guard, the takedown rule and isolation hold.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TakedownDetail } from '@shark/contracts/takedowns.ts';
import type { ApiError } from '@shark/contracts/http.ts';
import type {
  FreeRemoval,
  FreeRemovals,
  ReportFreeRemovalResult,
} from '@shark/contracts/promo-removals.ts';
import { finding, reportedUrl, takedown } from '@shark/db/schema.ts';
import { startSimulatedWeb, type SimulatedWeb } from '@shark/simulated-web/index.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { seedCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import { waitFor } from '#server/testing/wait-for.ts';

let web: SimulatedWeb;
let server: TestServer;
let creatorId: string;
let creator: TestClient;

const email = 'mia.promo@example.com';
const password = 'promo test password 1';
const LIMIT = 3;

const originOf = (id: string) => web.sites.find((s) => s.id === id)!.origin;
const db = () => server.services.database.db;

async function promoUser() {
  const user = await signedInUser(server);
  await server.services.accounts.grant(user.email, { features: ['promoProtect'] });
  return user;
}

/** Waits until the removal has been checked (no longer queued) and returns it. */
async function settled(client: TestClient, id: string): Promise<FreeRemoval> {
  return waitFor(
    async () => {
      const res = await client.get<FreeRemoval>(`/api/promo-removals/${id}`);
      expect(res.status).toBe(200);
      return res.body.check !== 'queued' && res.body;
    },
    { what: 'the free removal to be checked', timeoutMs: 120_000, intervalMs: 200 },
  );
}

beforeAll(async () => {
  web = await startSimulatedWeb();
  server = await startTestServer({
    ...web.env(),
    SCAN_PER_HOST_INTERVAL_MS: '0',
    WORKER_CONCURRENCY: '4',
    PROMO_FREE_REMOVALS: String(LIMIT),
  });
  // No plan: her reference files are all she has, and Free Removals her only way to takedowns.
  const seeded = await seedCreator(server.services, {
    email,
    password,
    name: web.creator.displayName,
    plan: null,
    accounts: [],
    references: web.creator.references.map((r) => r.path),
  });
  creatorId = seeded.userId;
  await server.services.accounts.grant(email, { features: ['promoProtect'] });
  creator = new TestClient(server.url);
  expect((await creator.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
}, 300_000);

afterAll(async () => {
  await server?.close();
  await web?.close();
});

describe('who may use Free Removals', () => {
  it('documents the endpoints in the OpenAPI document', async () => {
    const doc = await new TestClient(server.url, null).get<{ paths: Record<string, unknown> }>(
      '/api/openapi.json',
    );
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/promo-removals', '/promo-removals/{id}']),
    );
  });

  it('asks for sign-in on every endpoint', async () => {
    const anonymous = new TestClient(server.url);
    for (const [method, path] of [
      ['GET', '/api/promo-removals'],
      ['POST', '/api/promo-removals'],
      ['GET', '/api/promo-removals/ru_x'],
    ] as const) {
      const res = await anonymous.request(method, path, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses a user without promoProtect, subscribed or not, before reading the input', async () => {
    const user = await signedInUser(server);
    const refused = await user.browser.post<ApiError>('/api/promo-removals', {
      url: `${originOf('sim-forum')}/threads/1/`,
      ownershipConfirmed: true,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/Free Removals are a promotion your account does not have/),
    });
    expect((await user.browser.post('/api/promo-removals', {})).status).toBe(403);
    await server.services.accounts.grant(user.email, { status: 'subscribed', plan: 'premium' });
    expect((await user.browser.get('/api/promo-removals')).status).toBe(403);
    const rows = await db().select().from(reportedUrl).where(eq(reportedUrl.via, 'promo'));
    expect(rows.filter((r) => r.url.includes('/threads/1/'))).toEqual([]);
  });
});

describe('a free removal, from the report to the takedown', () => {
  const leak = () =>
    web.expected.leaks.find((l) => l.pageUrl.includes('/watch/luna-fox-shower-clip'))!;
  let made: ReportFreeRemovalResult;
  let removal: FreeRemoval;

  beforeAll(async () => {
    const res = await creator.post<ReportFreeRemovalResult>('/api/promo-removals', {
      url: leak().pageUrl,
      ownershipConfirmed: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made = res.body;
    removal = await settled(creator, made.removal.id);
  }, 180_000);

  it('spends one removal at once and is queued as a promo report', async () => {
    expect(made.allowance).toEqual({ limit: LIMIT, used: 1, left: LIMIT - 1 });
    expect(made.removal).toMatchObject({
      url: leak().pageUrl,
      check: 'queued',
      stage: 'checking',
      isCounted: true,
    });
    const [row] = await db().select().from(reportedUrl).where(eq(reportedUrl.id, made.removal.id));
    expect(row).toMatchObject({ userId: creatorId, via: 'promo' });
  });

  it('is matched against her files and confirmed, and its finding opens a takedown', async () => {
    expect(removal.check).toBe('matched');
    expect(removal.detail).toMatch(/matches one of your files/);
    expect(removal.reference?.name).toBe(leak().reference);
    const [row] = await db().select().from(reportedUrl).where(eq(reportedUrl.id, removal.id));
    const [found] = await db().select().from(finding).where(eq(finding.id, row!.findingId!));
    expect(found).toMatchObject({ status: 'confirmed', reviewedBy: 'creator', userId: creatorId });
    const [opened] = await db().select().from(takedown).where(eq(takedown.findingId, found!.id));
    expect(opened).toMatchObject({ kind: 'leak', userId: creatorId, pageUrl: leak().pageUrl });
    expect(removal.takedown).toEqual({ id: opened!.id, status: opened!.status });
    expect(removal.stage).toBe('takedown_opened');
  });

  it('lists it with the allowance', async () => {
    const list = await creator.get<FreeRemovals>('/api/promo-removals');
    expect(list.status).toBe(200);
    expect(list.body.allowance).toEqual({ limit: LIMIT, used: 1, left: LIMIT - 1 });
    expect(list.body.removals.map((r) => r.id)).toEqual([removal.id]);
  });

  it('opens the takedown details of a free removal, and no other takedown, without a subscription', async () => {
    const detail = await creator.get<TakedownDetail>(`/api/takedowns/${removal.takedown!.id}`);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.id).toBe(removal.takedown!.id);
    // The same takedown, were it not a free removal, needs the subscription.
    await db()
      .update(reportedUrl)
      .set({ via: 'report_leaks' })
      .where(eq(reportedUrl.id, removal.id));
    try {
      expect((await creator.get(`/api/takedowns/${removal.takedown!.id}`)).status).toBe(403);
    } finally {
      await db().update(reportedUrl).set({ via: 'promo' }).where(eq(reportedUrl.id, removal.id));
    }
    expect((await creator.get('/api/takedowns')).status).toBe(403);
  });

  it('refuses the same page again (409), without spending a removal', async () => {
    const again = await creator.post<ApiError>('/api/promo-removals', {
      url: leak().pageUrl.replace('http://', 'HTTP://'),
      ownershipConfirmed: true,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      /^You reported this page on \d{4}-\d{2}-\d{2}\. It is in the list below\.$/,
    );
    expect((await creator.get<FreeRemovals>('/api/promo-removals')).body.allowance.used).toBe(1);
  });

  it('names each bad field, without spending a removal', async () => {
    const noStatement = await creator.post<ApiError>('/api/promo-removals', {
      url: `${originOf('sim-forum')}/threads/2/`,
    });
    expect(noStatement.status).toBe(400);
    expect(noStatement.body.fields?.ownershipConfirmed).toMatch(/Confirm that you own the content/);
    const invalid = await creator.post<ApiError>('/api/promo-removals', {
      url: 'not an address',
      ownershipConfirmed: true,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields?.url).toBe('This is not a valid web address.');
    expect((await creator.get<FreeRemovals>('/api/promo-removals')).body.allowance.used).toBe(1);
  });

  it('keeps each account to its own removals', async () => {
    const other = await promoUser();
    expect((await other.browser.get(`/api/promo-removals/${removal.id}`)).status).toBe(404);
    expect((await other.browser.get<FreeRemovals>('/api/promo-removals')).body.removals).toEqual(
      [],
    );
    expect((await other.browser.get(`/api/takedowns/${removal.takedown!.id}`)).status).toBe(403);
  });
});

describe('the allowance', () => {
  it('never lets concurrent requests spend more than the limit', async () => {
    const user = await promoUser();
    const urls = Array.from(
      { length: LIMIT + 3 },
      (_, i) => `${originOf('sim-forum')}/threads/no-such-thread-${i}.404/`,
    );
    const answers = await Promise.all(
      urls.map((url) =>
        user.browser.post<ReportFreeRemovalResult & ApiError>('/api/promo-removals', {
          url,
          ownershipConfirmed: true,
        }),
      ),
    );
    const taken = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 403);
    expect(taken).toHaveLength(LIMIT);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({
        code: 'PLAN_LIMIT_REACHED',
        message: `You have used all ${LIMIT} of your free removals (${LIMIT} reported). Choose a plan to have more leaks taken down.`,
      });
    }
    expect(taken.map((a) => a.body.allowance.used).sort()).toEqual([1, 2, 3]);
    const list = await user.browser.get<FreeRemovals>('/api/promo-removals');
    expect(list.body.allowance).toEqual({ limit: LIMIT, used: LIMIT, left: 0 });
    expect(list.body.removals).toHaveLength(LIMIT);
    // Pages that answer 404 are still taken down on her word: they keep their removal.
    for (const answer of taken) {
      const done = await settled(user.browser, answer.body.removal.id);
      expect(done).toMatchObject({ check: 'failed', isCounted: true });
    }
    expect((await user.browser.get<FreeRemovals>('/api/promo-removals')).body.allowance.left).toBe(
      0,
    );
  });

  it('gives a removal back when the report ends without a finding, and lets her report it again', async () => {
    const user = await promoUser();
    // Not a page of the public web: the guarded fetcher refuses it, so nothing can be taken down.
    const res = await user.browser.post<ReportFreeRemovalResult>('/api/promo-removals', {
      url: 'http://10.20.30.40/leak',
      ownershipConfirmed: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.allowance.used).toBe(1);
    const done = await settled(user.browser, res.body.removal.id);
    expect(done).toMatchObject({
      check: 'failed',
      stage: 'not_checkable',
      isCounted: false,
      takedown: null,
    });
    expect(done.detail).toMatch(/cannot be fetched/);
    const list = await user.browser.get<FreeRemovals>('/api/promo-removals');
    expect(list.body.allowance).toEqual({ limit: LIMIT, used: 0, left: LIMIT });
    // Reported again, it is checked again and spends a removal again.
    const again = await user.browser.post<ReportFreeRemovalResult>('/api/promo-removals', {
      url: 'http://10.20.30.40/leak',
      ownershipConfirmed: true,
    });
    expect(again.status).toBe(201);
    expect(again.body.removal.id).toBe(res.body.removal.id);
    expect(again.body.allowance.used).toBe(1);
  });
});
