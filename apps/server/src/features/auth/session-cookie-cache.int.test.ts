// The signed session copy in a cookie (the cookie cache) over HTTP: it is used, a tampered copy is never
// believed, and every way a session ends makes an old copy of it answer 401 from the next request on.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIE_PREFIX } from '@shark/contracts/http.ts';
import { DELETE_ACCOUNT_CONFIRMATION } from '@shark/contracts/account-data.ts';
import { session } from '@shark/db/schema.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { lastMail, linkIn } from '#server/testing/mailbox.ts';
import { enableTwoFactor } from '#server/testing/staff-users.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import { waitFor } from '#server/testing/wait-for.ts';

const TOKEN_COOKIE = `${AUTH_COOKIE_PREFIX}.session_token`;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Another browser holding exactly the cookies `browser` holds now (a copied or stolen cookie jar). */
function copyOf(browser: TestClient): TestClient {
  const copy = new TestClient(server.url);
  for (const [name, value] of browser.cookies) copy.cookies.set(name, value);
  return copy;
}

/** A signed-in user whose browser holds a cached session copy that the API has just accepted. */
async function cachedUser() {
  const user = await signedInUser(server);
  expect((await user.browser.get('/api/user')).status).toBe(200);
  return { ...user, stolen: copyOf(user.browser) };
}

/** What a route that needs a session answers to these cookies: /api/user and one other. */
async function statuses(browser: TestClient): Promise<number[]> {
  return [(await browser.get('/api/user')).status, (await browser.get('/api/account/data')).status];
}

describe('ended sessions', () => {
  it('sign-out: the old cookies get 401', async () => {
    const { browser, stolen } = await cachedUser();
    expect((await browser.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await statuses(stolen)).toEqual([401, 401]);
  });

  it('revoking one session from another device: its cookies get 401, the other device stays in', async () => {
    const { email, password, browser, stolen } = await cachedUser();
    const other = new TestClient(server.url);
    expect((await other.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    const token = decodeURIComponent(browser.cookies.get(TOKEN_COOKIE)!).split('.')[0];
    expect((await other.post('/api/auth/revoke-session', { token })).status).toBe(200);
    expect(await statuses(stolen)).toEqual([401, 401]);
    expect(await statuses(other)).toEqual([200, 200]);
  });

  it('revoking the other sessions: their cookies get 401', async () => {
    const { email, password, stolen } = await cachedUser();
    const other = new TestClient(server.url);
    expect((await other.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    expect((await other.post('/api/auth/revoke-other-sessions', {})).status).toBe(200);
    expect(await statuses(stolen)).toEqual([401, 401]);
    expect(await statuses(other)).toEqual([200, 200]);
  });

  it('revoking all sessions: every old cookie gets 401', async () => {
    const { browser, stolen } = await cachedUser();
    expect((await browser.post('/api/auth/revoke-sessions', {})).status).toBe(200);
    expect(await statuses(stolen)).toEqual([401, 401]);
  });

  it('a password change: the other sessions get 401, the changing device stays in', async () => {
    const { email, password, browser } = await cachedUser();
    const other = new TestClient(server.url);
    expect((await other.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(200);
    const stolen = copyOf(other);
    const changed = await browser.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'another long pass 42',
    });
    expect(changed.status).toBe(200);
    expect(await statuses(stolen)).toEqual([401, 401]);
    expect(await statuses(browser)).toEqual([200, 200]);
  });

  it('a password reset: every old cookie gets 401', async () => {
    const { email, stolen } = await cachedUser();
    const anonymous = new TestClient(server.url);
    expect((await anonymous.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const link = linkIn(
      await lastMail(server.config.mailDir, email, /Reset your Shark password/),
      '/reset/',
    );
    const token = decodeURIComponent(link.pathname.slice('/reset/'.length));
    const reset = await anonymous.post('/api/auth/reset-password', {
      token,
      newPassword: 'brand new pass 9',
      confirmPassword: 'brand new pass 9',
    });
    expect(reset.status).toBe(200);
    expect(await statuses(stolen)).toEqual([401, 401]);
  });

  it('turning two-factor on and off: the cookies of the replaced session get 401 each time', async () => {
    const { browser, password, stolen } = await cachedUser();
    await enableTwoFactor(browser, password);
    expect(await statuses(stolen)).toEqual([401, 401]);
    expect(await statuses(browser)).toEqual([200, 200]);

    const beforeDisable = copyOf(browser);
    const disabled = await browser.post('/api/auth/two-factor/disable', { password });
    expect(disabled.status).toBe(200);
    expect(await statuses(beforeDisable)).toEqual([401, 401]);
    expect(await statuses(browser)).toEqual([200, 200]);
  });

  it('deleting the account: the old cookies get 401', async () => {
    const { browser, password, stolen } = await cachedUser();
    const deleted = await browser.request('DELETE', '/api/account', {
      confirmation: DELETE_ACCOUNT_CONFIRMATION,
      password,
    });
    expect(deleted.status).toBe(200);
    expect(await statuses(stolen)).toEqual([401, 401]);
  });

  it('a session deleted by another process (straight in the database) stops working within a second', async () => {
    const { browser, stolen } = await cachedUser();
    const token = decodeURIComponent(browser.cookies.get(TOKEN_COOKIE)!).split('.')[0]!;
    await server.services.database.db.delete(session).where(eq(session.token, token));
    await waitFor(async () => (await stolen.get('/api/account/data')).status === 401, {
      timeoutMs: 10_000,
      what: 'the cached copy of a session deleted elsewhere to be refused',
    });
    expect(await statuses(stolen)).toEqual([401, 401]);
  });
});
