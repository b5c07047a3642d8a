// Cross-site request forgery: with a valid session, a state-changing request from another site is
// refused and changes nothing; the app's own pages, and callers that are not browsers, pass; what other
// sites must post (Stripe's webhook, mail clients' one-click unsubscribe) still gets through.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';
import { createSubscriptionTokens } from '#server/features/notifications/subscription-token.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { seedCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';

const EVIL = 'https://evil.example';

let server: TestServer;
let browser: TestClient;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  const email = `csrf-${Date.now()}@example.com`;
  const password = 'test password 123';
  ({ userId } = await seedCreator(server.services, {
    email,
    password,
    name: 'Csrf Creator',
    plan: 'premium',
    accounts: [],
  }));
  browser = new TestClient(server.url);
  expect((await browser.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
});
afterAll(() => server?.close());

/** A POST through node:http, which sends the Host header it is given (fetch does not). */
function rawPost(path: string, headers: Record<string, string>, body: string): Promise<number> {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PROVIDER_HEADER]: 'shark',
          cookie,
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function terms(): Promise<string> {
  const listed = await browser.get('/api/search-terms');
  expect(listed.status).toBe(200);
  return JSON.stringify(listed.body);
}

describe('state-changing requests with a session cookie', () => {
  it('refuses one from another origin with 403, and changes nothing', async () => {
    const forged = await browser.post(
      '/api/search-terms',
      { term: 'forged term', sources: [] },
      { origin: EVIL },
    );
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('https://evil.example'),
    });
    expect(await terms()).not.toContain('forged term');
  });

  it("takes one from the app's own origin", async () => {
    const added = await browser.post(
      '/api/search-terms',
      { term: 'own term', sources: [] },
      { origin: server.url },
    );
    expect(added.status).toBe(201);
    expect(await terms()).toContain('own term');
  });

  it('takes one from the host and port it was sent to (a page reached through another name or a local proxy)', async () => {
    const port = new URL(server.url).port;
    const viaLocalhost = (origin: string, term: string) =>
      rawPost(
        '/api/search-terms',
        { host: `localhost:${port}`, origin },
        JSON.stringify({ term, sources: [] }),
      );
    expect(await viaLocalhost(`http://localhost:${port}`, 'through a proxy')).toBe(201);
    expect(await viaLocalhost(`http://localhost:1${port}`, 'another port')).toBe(403);
  });

  it('refuses a delete from another origin: the entry stays', async () => {
    const added = await browser.post<{ id: string }>('/api/search-terms', {
      term: 'kept term',
      sources: [],
    });
    expect(added.status).toBe(201);
    const forged = await browser.request(
      'DELETE',
      `/api/search-terms/${added.body.id}`,
      undefined,
      { origin: EVIL },
    );
    expect(forged.status).toBe(403);
    expect(await terms()).toContain('kept term');
  });

  it('refuses an Origin of null (a sandboxed frame, a redirect that hid it)', async () => {
    const forged = await browser.post(
      '/api/search-terms',
      { term: 'null origin', sources: [] },
      { origin: 'null' },
    );
    expect(forged.status).toBe(403);
  });

  it('without Origin, refuses what the browser marks cross-site or same-site, takes same-origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const forged = await browser.post(
        '/api/search-terms',
        { term: `from ${site}`, sources: [] },
        { 'sec-fetch-site': site },
      );
      expect(forged.status).toBe(403);
    }
    const own = await browser.post(
      '/api/search-terms',
      { term: 'fetched same-origin', sources: [] },
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(own.status).toBe(201);
    const listed = await terms();
    expect(listed).not.toContain('from cross-site');
    expect(listed).not.toContain('from same-site');
  });

  it('takes one with neither header (a server, the CLI)', async () => {
    const added = await browser.post('/api/search-terms', { term: 'no browser', sources: [] });
    expect(added.status).toBe(201);
  });

  it('lets another origin read: only changes are refused', async () => {
    const read = await browser.get('/api/search-terms', {
      origin: EVIL,
      'sec-fetch-site': 'cross-site',
    });
    expect(read.status).toBe(200);
  });
});

describe('what other sites post on purpose', () => {
  it("lets Stripe's webhook through (its signature decides)", async () => {
    const anonymous = new TestClient(server.url, null);
    const hook = await anonymous.post(
      '/api/billing/webhook',
      { type: 'ping' },
      { origin: EVIL, 'sec-fetch-site': 'cross-site' },
    );
    expect(hook.status).not.toBe(403);
    expect(hook.body.code).not.toBe('FORBIDDEN');
  });

  it("lets a mail client's one-click unsubscribe through", async () => {
    const token = createSubscriptionTokens({
      secret: server.config.authSecret,
      lifetimeDays: server.config.notifications.settingsLinkDays,
    }).sign(userId);
    const res = await fetch(
      `${server.url}/api/email-settings/subscription/${encodeURIComponent(token)}/one-click`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: EVIL,
          'sec-fetch-site': 'cross-site',
        },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ isUnsubscribed: true });
  });
});
