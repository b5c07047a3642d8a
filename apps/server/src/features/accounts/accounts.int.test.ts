// /api/accounts: the creator's accounts (list, add, edit, delete), their validation, duplicates and
// plan limit, and the ownership check against a local stand-in of the platforms' profile pages.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  OwnershipCheck,
  ProtectedAccount,
  ProtectedAccountList,
} from '@shark/contracts/accounts.ts';
import { protectedAccount } from '@shark/db/schema.ts';
import { CODE_ALPHABET } from '@shark/engine/accounts/ownership-code.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';

/** The stand-in platform: profile pages by path; anything else is a 404. */
const profiles = new Map<string, string>();
const hits: string[] = [];
let standIn: Server;
let standInPort: number;
let closedPort: number;
let server: TestServer;

function serveProfile(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  hits.push(url.pathname);
  if (url.pathname === '/echo') {
    // A page that repeats its query, as search and error pages often do.
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<p>You asked for ${url.searchParams.get('q') ?? ''}</p>`);
    return;
  }
  const html = profiles.get(url.pathname);
  if (html === undefined)
    res
      .writeHead(404, { 'content-type': 'text/html' })
      .end('<title>Not found</title><p>Sorry, this page is not available.</p>');
  else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}

const profilePage = (bio: string) =>
  `<!doctype html><title>Jane (@jane) • OnlyFans</title><main><h1>Jane</h1><p class="bio">${bio}</p></main>`;

beforeAll(async () => {
  standIn = createServer(serveProfile);
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  standInPort = (standIn.address() as AddressInfo).port;
  // A port nobody listens on: the platform is down.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));

  server = await startTestServer({
    SHARK_FETCH_ALLOWLIST: `127.0.0.1:${standInPort},127.0.0.1:${closedPort}`,
    SHARK_FETCH_TIMEOUT_MS: '5000',
    PROFILE_URL_TEMPLATES: JSON.stringify({
      onlyfans: `http://127.0.0.1:${standInPort}/onlyfans/{username}`,
      instagram: `http://127.0.0.1:${standInPort}/instagram/{username}/`,
      fansly: `http://127.0.0.1:${closedPort}/{username}`,
    }),
  });
});

afterAll(async () => {
  await server?.close();
  standIn?.closeAllConnections();
  await new Promise<void>((resolve) => (standIn ? standIn.close(() => resolve()) : resolve()));
});

beforeEach(() => {
  profiles.clear();
  hits.length = 0;
});

async function creator(plan: 'standard' | 'plus' | 'premium' = 'plus') {
  const user = await signedInUser(server);
  await server.services.accounts.grant(user.email, { status: 'subscribed', plan });
  return user;
}

async function add(browser: TestClient, body: Record<string, unknown>) {
  return browser.post<
    ProtectedAccount & { code: string; message: string; fields?: Record<string, string> }
  >('/api/accounts', body);
}

async function added(
  browser: TestClient,
  body: Record<string, unknown>,
): Promise<ProtectedAccount> {
  const res = await add(browser, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const patch = (browser: TestClient, id: string, body: unknown) =>
  browser.request<
    ProtectedAccount & { code: string; message: string; fields?: Record<string, string> }
  >('PATCH', `/api/accounts/${id}`, body);
const remove = (browser: TestClient, id: string) =>
  browser.request('DELETE', `/api/accounts/${id}`);
const verify = (browser: TestClient, id: string) =>
  browser.post<OwnershipCheck & { code: string; message: string }>(`/api/accounts/${id}/verify`);

/** Moves the account's last check back in time, as if the interval had passed. */
async function letIntervalPass(id: string) {
  await server.services.database.db
    .update(protectedAccount)
    .set({ lastCheckedAt: new Date(Date.now() - 31_000) })
    .where(eq(protectedAccount.id, id));
}

describe('access', () => {
  it('requires sign-in on every endpoint', async () => {
    const anonymous = new TestClient(server.url);
    const responses = await Promise.all([
      anonymous.get('/api/accounts'),
      anonymous.post('/api/accounts', { platform: 'onlyfans', username: 'jane' }),
      anonymous.request('PATCH', '/api/accounts/some-id', { isOld: true }),
      anonymous.request('DELETE', '/api/accounts/some-id'),
      anonymous.post('/api/accounts/some-id/verify'),
    ]);
    for (const res of responses)
      expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });

  it('needs a subscription (or promoProtect) before reading any input', async () => {
    const { browser, email } = await signedInUser(server);
    for (const res of [
      await browser.get('/api/accounts'),
      await browser.post('/api/accounts', { platform: 'nope' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
    }
    await server.services.accounts.grant(email, { features: ['promoProtect'] });
    expect((await browser.get('/api/accounts')).status).toBe(200);
  });

  it("answers 404 for another creator's account, and never shows it", async () => {
    const owner = await creator();
    const account = await added(owner.browser, { platform: 'onlyfans', username: 'owner_only' });
    const other = await creator();
    expect((await patch(other.browser, account.id, { isOld: true })).status).toBe(404);
    expect((await remove(other.browser, account.id)).status).toBe(404);
    const check = await verify(other.browser, account.id);
    expect(check.status).toBe(404);
    expect(check.body).toEqual({ code: 'NOT_FOUND', message: 'This account does not exist.' });
    expect((await other.browser.get<ProtectedAccountList>('/api/accounts')).body.accounts).toEqual(
      [],
    );
    expect(hits).toEqual([]);
    // Untouched for its owner.
    const mine = (await owner.browser.get<ProtectedAccountList>('/api/accounts')).body.accounts;
    expect(mine).toEqual([account]);
    expect((await patch(owner.browser, 'not-an-id', { isOld: true })).status).toBe(404);
  });
});

describe('list, add, edit, delete', () => {
  it('adds accounts on several platforms, normalised, each with its own code, and lists them in order', async () => {
    const { browser } = await creator();
    const first = await added(browser, { platform: 'onlyfans', username: '@JaneDoe' });
    expect(first).toMatchObject({
      platform: 'onlyfans',
      username: 'JaneDoe',
      normalizedUsername: 'janedoe',
      profileUrl: `http://127.0.0.1:${standInPort}/onlyfans/janedoe`,
      isOld: false,
      isVerified: false,
      verifiedAt: null,
      lastCheckedAt: null,
      lastCheckError: null,
    });
    expect(first.verificationCode).toMatch(
      new RegExp(`^shark-[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}$`),
    );
    const second = await added(browser, {
      platform: 'onlyfans',
      username: 'https://onlyfans.com/jane_old',
      isOld: true,
    });
    expect(second).toMatchObject({ username: 'jane_old', isOld: true });
    const third = await added(browser, {
      platform: 'instagram',
      username: 'instagram.com/Jane.Doe',
    });
    expect(third).toMatchObject({
      username: 'Jane.Doe',
      normalizedUsername: 'jane.doe',
      profileUrl: `http://127.0.0.1:${standInPort}/instagram/jane.doe/`,
    });
    const site = await added(browser, { platform: 'website', username: 'JaneDoe.com/links' });
    expect(site).toMatchObject({
      username: 'janedoe.com/links',
      profileUrl: 'https://janedoe.com/links',
    });
    expect(new Set([first, second, third, site].map((a) => a.verificationCode)).size).toBe(4);

    const list = await browser.get<ProtectedAccountList>('/api/accounts');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ accounts: [first, second, third, site], checkIntervalSeconds: 30 });
    expect(
      (await browser.get<{ usage: { usernames: number } }>('/api/usage')).body.usage.usernames,
    ).toBe(4);
  });

  it('marks an account old or current, and deletes it', async () => {
    const { browser } = await creator();
    const account = await added(browser, { platform: 'reddit', username: 'u/Jane_Doe' });
    const old = await patch(browser, account.id, { isOld: true });
    expect(old.status).toBe(200);
    expect(old.body).toEqual({ ...account, isOld: true });
    expect((await remove(browser, account.id)).status).toBe(204);
    expect((await browser.get<ProtectedAccountList>('/api/accounts')).body.accounts).toEqual([]);
    expect((await remove(browser, account.id)).status).toBe(404);
    expect(
      (await browser.get<{ usage: { usernames: number } }>('/api/usage')).body.usage.usernames,
    ).toBe(0);
  });

  it('keeps the proof when only the case of the username changes, and resets it for another username', async () => {
    const { browser } = await creator();
    const account = await added(browser, { platform: 'onlyfans', username: 'proved_jane' });
    profiles.set('/onlyfans/proved_jane', profilePage(`Hi! ${account.verificationCode}`));
    expect((await verify(browser, account.id)).body.outcome).toBe('verified');

    const recased = await patch(browser, account.id, { username: 'Proved_Jane' });
    expect(recased.body).toMatchObject({
      username: 'Proved_Jane',
      normalizedUsername: 'proved_jane',
      isVerified: true,
    });

    const renamed = await patch(browser, account.id, { username: '@jane_renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      username: 'jane_renamed',
      normalizedUsername: 'jane_renamed',
      profileUrl: `http://127.0.0.1:${standInPort}/onlyfans/jane_renamed`,
      verificationCode: account.verificationCode,
      isVerified: false,
      verifiedAt: null,
      lastCheckError: null,
    });
  });
});

describe('validation', () => {
  it('names each bad field', async () => {
    const { browser } = await creator();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ username: 'jane' }, { platform: 'Choose a platform.' }],
      [{ platform: 'myspace', username: 'jane' }, { platform: 'Choose a platform.' }],
      [
        { platform: 'onlyfans', username: '   ' },
        { username: 'Enter a username or a link to the profile.' },
      ],
      [{ platform: 'onlyfans' }, { username: 'Enter a username or a link to the profile.' }],
      [
        { platform: 'onlyfans', username: 'jane', isOld: 'yes' },
        { isOld: 'Say whether this is an old account (true or false).' },
      ],
      [
        { platform: 'instagram', username: 'jane doe' },
        { username: 'Instagram usernames use only letters, numbers, periods and underscores.' },
      ],
      [
        { platform: 'telegram', username: 'jane' },
        { username: 'Telegram usernames are 5 to 32 characters long.' },
      ],
      [
        { platform: 'instagram', username: 'https://www.tiktok.com/@jane' },
        {
          username:
            'This is a TikTok link. Choose TikTok as the platform, or enter your Instagram username.',
        },
      ],
      [
        { platform: 'website', username: 'jane' },
        { username: 'Enter the full address of your website, such as example.com.' },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await add(browser, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    }
    const notJson = await browser.request('POST', '/api/accounts', '{"platform":');
    expect(notJson.status).toBe(400);
    const account = await added(browser, { platform: 'x', username: '@jane' });
    expect((await patch(browser, account.id, {})).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Change the username or the old-account flag.',
    });
    expect((await patch(browser, account.id, { username: 'jane.doe' })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { username: 'X usernames use only letters, numbers and underscores.' },
    });
    expect((await browser.get<ProtectedAccountList>('/api/accounts')).body.accounts).toHaveLength(
      1,
    );
  });
});

describe('duplicates', () => {
  it('refuses the same account typed another way with a clear 409, but allows it on another platform', async () => {
    const { browser } = await creator();
    await added(browser, { platform: 'onlyfans', username: 'JaneDoe' });
    for (const username of ['janedoe', '@JANEDOE', 'https://onlyfans.com/janedoe/media']) {
      const res = await add(browser, { platform: 'onlyfans', username });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: 'CONFLICT',
        message: 'You have added @JaneDoe on OnlyFans already.',
        fields: { username: 'You have added @JaneDoe on OnlyFans already.' },
      });
    }
    await added(browser, { platform: 'fansly', username: 'JaneDoe' });
    await added(browser, { platform: 'website', username: 'https://janedoe.com/' });
    expect(
      (await add(browser, { platform: 'website', username: 'http://www.janedoe.com' })).body,
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'You have added janedoe.com as a website already.',
    });
  });

  it('refuses renaming an account to one the creator has', async () => {
    const { browser } = await creator();
    await added(browser, { platform: 'tiktok', username: '@jane.one' });
    const second = await added(browser, { platform: 'tiktok', username: '@jane.two' });
    const res = await patch(browser, second.id, { username: 'https://www.tiktok.com/@Jane.One' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You have added @jane.one on TikTok already.');
  });

  it('lets two creators add the same username (each proves their own)', async () => {
    const a = await creator();
    const b = await creator();
    await added(a.browser, { platform: 'x', username: 'shared_name' });
    await added(b.browser, { platform: 'x', username: 'shared_name' });
  });
});

describe('plan limit', () => {
  it("stops at the plan's usernames, naming the plan that lifts it, and frees a place on delete", async () => {
    const { browser } = await creator('standard');
    const first = await added(browser, { platform: 'onlyfans', username: 'jane_a' });
    await added(browser, { platform: 'onlyfans', username: 'jane_b' });
    const third = await add(browser, { platform: 'instagram', username: 'jane_c' });
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message:
        'Your Standard plan includes 2 usernames, and you use 2 usernames. Plus includes 5 usernames.',
      limit: { name: 'usernames', allowed: 2, used: 2, tier: 'standard', upgradeTier: 'plus' },
    });
    expect((await remove(browser, first.id)).status).toBe(204);
    await added(browser, { platform: 'instagram', username: 'jane_c' });
  });

  it('holds when several additions race for the last place', async () => {
    const { browser } = await creator('standard');
    await added(browser, { platform: 'x', username: 'race_0' });
    const results = await Promise.all(
      [1, 2, 3].map((n) => add(browser, { platform: 'x', username: `race_${n}` })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    expect((await browser.get<ProtectedAccountList>('/api/accounts')).body.accounts).toHaveLength(
      2,
    );
  });
});

describe('ownership check', () => {
  it('says the code is missing, limits checks per account, then verifies once the code is in the bio', async () => {
    const { browser } = await creator();
    const account = await added(browser, { platform: 'onlyfans', username: 'JaneDoe' });
    profiles.set('/onlyfans/janedoe', profilePage('Photos and videos, new every day'));

    const missing = await verify(browser, account.id);
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({
      outcome: 'code-not-found',
      status: 200,
      message: `The code ${account.verificationCode} was not found on http://127.0.0.1:${standInPort}/onlyfans/janedoe. Put it in your bio or on the page, save, and check again.`,
      account: {
        id: account.id,
        isVerified: false,
        verifiedAt: null,
        lastCheckError: missing.body.message,
      },
    });
    expect(missing.body.account.lastCheckedAt).not.toBeNull();
    expect(hits).toEqual(['/onlyfans/janedoe']);

    const tooSoon = await verify(browser, account.id);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(tooSoon.body.message).toMatch(
      /^This account was checked a moment ago\. Try again in (30|29) seconds\.$/,
    );
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
    expect(hits).toHaveLength(1);

    profiles.set(
      '/onlyfans/janedoe',
      profilePage(`Photos and videos. ${account.verificationCode.toLowerCase()}`),
    );
    await letIntervalPass(account.id);
    const verified = await verify(browser, account.id);
    expect(verified.body).toMatchObject({
      outcome: 'verified',
      message: 'Verified: the code is on your profile. You can remove it from your bio now.',
      account: { isVerified: true, lastCheckError: null },
    });
    expect(Date.now() - Date.parse(verified.body.account.verifiedAt!)).toBeLessThan(60_000);

    // Verified stays verified (the creator may take the code down); nothing is fetched again.
    profiles.delete('/onlyfans/janedoe');
    const again = await verify(browser, account.id);
    expect(again.body).toMatchObject({
      outcome: 'already-verified',
      account: { isVerified: true },
    });
    expect(hits).toHaveLength(2);
    const listed = (await browser.get<ProtectedAccountList>('/api/accounts')).body.accounts[0];
    expect(listed).toEqual(verified.body.account);
  });

  it('finds the code in the meta description, where platforms put the bio', async () => {
    const { browser } = await creator();
    const account = await added(browser, { platform: 'instagram', username: 'jane.meta' });
    profiles.set(
      '/instagram/jane.meta/',
      `<html><head><meta property="og:description" content="bio: ${account.verificationCode}"></head><body><div id="root"></div></body></html>`,
    );
    expect((await verify(browser, account.id)).body.outcome).toBe('verified');
  });

  it('reports a profile that does not exist (404)', async () => {
    const { browser } = await creator();
    const account = await added(browser, { platform: 'onlyfans', username: 'nobody_here' });
    const res = await verify(browser, account.id);
    expect(res.body).toMatchObject({
      outcome: 'page-status',
      status: 404,
      message:
        'The profile page answered 404 (not found). Check that the username is right and the profile is public.',
      account: { isVerified: false, lastCheckError: res.body.message },
    });
  });

  it('reports a page that cannot be reached', async () => {
    const { browser } = await creator();
    const account = await added(browser, { platform: 'fansly', username: 'jane_down' });
    const res = await verify(browser, account.id);
    expect(res.body).toMatchObject({
      outcome: 'unreachable',
      status: null,
      message: `The page could not be reached: 127.0.0.1:${closedPort} refused the connection. Try again in a moment.`,
    });
  });

  it('refuses to fetch internal addresses, and says why', async () => {
    const { browser } = await creator();
    const metadata = await added(browser, {
      platform: 'website',
      username: 'http://169.254.169.254/latest/meta-data/',
    });
    const res = await verify(browser, metadata.id);
    expect(res.body).toMatchObject({
      outcome: 'refused',
      message:
        'The page was not checked: 169.254.169.254 is a cloud metadata service address (AWS, Google Cloud, Azure, OpenStack): not fetched.',
      account: { isVerified: false },
    });
    const loopback = await added(browser, { platform: 'other', username: 'http://127.0.0.1:1/me' });
    expect((await verify(browser, loopback.id)).body).toMatchObject({
      outcome: 'refused',
      message: expect.stringContaining('is a loopback address') as string,
    });
  });

  it('does not accept a page that only repeats its own address back', async () => {
    const { browser } = await creator();
    const site = await added(browser, {
      platform: 'website',
      username: `http://127.0.0.1:${standInPort}/echo`,
    });
    const renamed = await patch(browser, site.id, {
      username: `http://127.0.0.1:${standInPort}/echo?q=${site.verificationCode}`,
    });
    expect(renamed.status).toBe(200);
    const res = await verify(browser, site.id);
    expect(res.body).toMatchObject({ outcome: 'refused', account: { isVerified: false } });
    expect(res.body.message).toMatch(/contains the code itself/);
    expect(hits).toEqual([]);
  });

  it('verifies a website that shows the code', async () => {
    const { browser } = await creator();
    const site = await added(browser, {
      platform: 'website',
      username: `http://127.0.0.1:${standInPort}/my-site`,
    });
    profiles.set('/my-site', `<footer>Protected. Verification: ${site.verificationCode}</footer>`);
    expect((await verify(browser, site.id)).body).toMatchObject({
      outcome: 'verified',
      account: { isVerified: true },
    });
  });
});
