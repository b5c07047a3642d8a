// 'Sign In with Google' end to end against a real OpenID provider on loopback (oidc-provider).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { lastMail, linkIn } from '#server/testing/mailbox.ts';

const CLIENT_ID = 'shark-test-client';
const CLIENT_SECRET = 'shark-test-secret-that-is-long-enough';

interface Person {
  email: string;
  name: string;
  emailVerified: boolean;
}
const people = new Map<string, Person>();

let idp: Server;
let issuer: string;
let server: TestServer;

beforeAll(async () => {
  const target: { handler?: ReturnType<Provider['callback']> } = {};
  idp = createServer((req, res) => {
    if (target.handler) void target.handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;

  server = await startTestServer({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_ISSUER: issuer,
  });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${server.url}/api/auth/callback/google`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: person.email,
          email_verified: person.emailVerified,
          name: person.name,
        }),
      };
    },
  });
  target.handler = provider.callback();
});

afterAll(async () => {
  await server?.close();
  idp?.closeAllConnections();
  await new Promise<void>((resolve) => (idp ? idp.close(() => resolve()) : resolve()));
});

/** Plays the browser at the identity provider: signs in as `sub`, consents, returns the callback URL. */
async function consentAtProvider(authorizationUrl: string, sub: string): Promise<URL> {
  const jar = new TestClient(issuer, null);
  const cookieHeader = () => [...jar.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let next = new URL(authorizationUrl);
  for (let step = 0; step < 12; step++) {
    if (next.origin !== issuer) return next;
    const page = await fetch(next, { headers: { cookie: cookieHeader() }, redirect: 'manual' });
    jar.absorb(page.headers.getSetCookie());
    const location = page.headers.get('location');
    if (location) {
      next = new URL(location, next);
      continue;
    }
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`Unexpected page at the provider: ${html.slice(0, 300)}`);
    const form = new URLSearchParams(
      prompt === 'login' ? { prompt, login: sub, password: 'any' } : { prompt },
    );
    const submitted = await fetch(new URL(action, next), {
      method: 'POST',
      headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
    jar.absorb(submitted.headers.getSetCookie());
    next = new URL(submitted.headers.get('location') ?? '', next);
  }
  throw new Error('The provider never redirected back');
}

async function signInWithGoogle(
  sub: string,
  additionalData?: Record<string, unknown>,
  browser = new TestClient(server.url),
) {
  const start = await browser.post<{ url: string; redirect: boolean }>('/api/auth/sign-in/social', {
    provider: 'google',
    ...(additionalData ? { additionalData } : {}),
    callbackURL: '/dashboard',
    errorCallbackURL: '/auth-redirect',
  });
  expect(start.status).toBe(200);
  expect(start.body.url.startsWith(`${issuer}/`)).toBe(true);
  const callback = await consentAtProvider(start.body.url, sub);
  expect(callback.pathname).toBe('/api/auth/callback/google');
  // The provider's redirect arrives at our server as a plain browser navigation: no provider header.
  const landed = await new TestClient(server.url, null).get(callback.pathname + callback.search, {
    cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  });
  browser.absorb(landed.headers.getSetCookie());
  return { browser, landed };
}

describe('Sign in with Google (OpenID Connect)', () => {
  it('creates a verified account on first sign-in and signs the user in', async () => {
    people.set('google-1', {
      email: 'Google.Creator@Example.com',
      name: 'Google Creator',
      emailVerified: true,
    });
    const { browser, landed } = await signInWithGoogle('google-1');
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toMatch(/\/dashboard$/);
    expect(browser.cookies.has('shark_logged_in')).toBe(true);
    const me = await browser.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'google.creator@example.com',
      name: 'Google Creator',
      emailVerified: true,
      frontendStatus: 'free',
    });
  });

  it('keeps the affiliate choice and referral code of a Google sign-up', async () => {
    people.set('google-4', {
      email: 'affiliate.google@example.com',
      name: 'Affiliate',
      emailVerified: true,
    });
    const { browser } = await signInWithGoogle('google-4', {
      isAffiliateOnly: true,
      referralCode: 'FRIEND-7',
    });
    expect((await browser.get('/api/user')).body).toMatchObject({ isAffiliateOnly: true });
    const { rows } = await server.services.database.execute(
      `select referral_code from "user" where email = 'affiliate.google@example.com'`,
    );
    expect(rows[0]).toEqual({ referral_code: 'FRIEND-7' });
  });

  it('ties a Google sign-up that came through a referral link to its affiliate', async () => {
    people.set('google-referral-affiliate', {
      email: 'referring.affiliate@example.com',
      name: 'Affiliate',
      emailVerified: true,
    });
    const affiliate = await signInWithGoogle('google-referral-affiliate');
    const { code } = (await affiliate.browser.get<{ code: string }>('/api/affiliate')).body;
    // The sign-up page opened through the link counts a click in this browser; the form carries rFromSearch along.
    const visitor = new TestClient(server.url);
    expect((await visitor.post('/api/referrals/clicks', { code })).status).toBe(204);
    people.set('google-referred', {
      email: 'referred.google@example.com',
      name: 'Referred',
      emailVerified: true,
    });
    await signInWithGoogle('google-referred', { referralCode: code }, visitor);
    const { rows } = await server.services.database.execute(
      `select r.via, r.code from referral r join "user" u on u.id = r.referred_user_id where u.email = 'referred.google@example.com'`,
    );
    expect(rows).toEqual([{ via: 'link', code }]);
    expect((await affiliate.browser.get('/api/affiliate')).body).toMatchObject({
      clicks: 1,
      signUps: 1,
    });
  });

  it('signs a verified e-mail/password user into the same account', async () => {
    const email = 'both-ways@example.com';
    const signUp = await new TestClient(server.url).post('/api/auth/sign-up/email', {
      name: 'Both',
      email,
      password: 'password both 1',
    });
    expect(signUp.status).toBe(200);
    const link = linkIn(
      await lastMail(server.config.mailDir, email, /Verify/),
      '/email-settings/verification/',
    );
    await new TestClient(server.url).get(
      `/api/auth/verify-email?token=${link.pathname.split('/').at(-1)}`,
    );
    const before = await server.services.accounts.showByEmail(email);

    people.set('google-2', { email, name: 'Both', emailVerified: true });
    const { browser } = await signInWithGoogle('google-2');
    const me = await browser.get('/api/user');
    expect(me.body).toMatchObject({ id: before.id, email });
  });

  it('does not take over an account whose owner never verified the address', async () => {
    const email = 'squatted@example.com';
    await new TestClient(server.url).post('/api/auth/sign-up/email', {
      name: 'Squatter',
      email,
      password: 'password squat 1',
    });
    people.set('google-3', { email, name: 'Real Owner', emailVerified: true });
    const { browser, landed } = await signInWithGoogle('google-3');
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe('/auth-redirect?error=account_not_linked');
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('connects Google to a password account from /account, and disconnects it again', async () => {
    const email = 'connects-google@example.com';
    await new TestClient(server.url).post('/api/auth/sign-up/email', {
      name: 'Connector',
      email,
      password: 'password link 1',
    });
    const link = linkIn(
      await lastMail(server.config.mailDir, email, /Verify/),
      '/email-settings/verification/',
    );
    const browser = new TestClient(server.url);
    await browser.get(`/api/auth/verify-email?token=${link.pathname.split('/').at(-1)}`);

    people.set('google-5', { email, name: 'Connector', emailVerified: true });
    const start = await browser.post<{ url: string }>('/api/auth/link-social', {
      provider: 'google',
      callbackURL: '/account',
      errorCallbackURL: '/account',
    });
    expect(start.status).toBe(200);
    const callback = await consentAtProvider(start.body.url, 'google-5');
    const landed = await new TestClient(server.url, null).get(callback.pathname + callback.search, {
      cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    });
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toMatch(/\/account$/);

    const accounts =
      await browser.get<Array<{ id: string; providerId: string }>>('/api/auth/list-accounts');
    expect(accounts.body.map((a) => a.providerId).sort()).toEqual(['credential', 'google']);
    const google = accounts.body.find((a) => a.providerId === 'google')!;
    expect((await browser.post('/api/auth/unlink-account', { accountId: google.id })).status).toBe(
      200,
    );
    const after = await browser.get<Array<{ providerId: string }>>('/api/auth/list-accounts');
    expect(after.body.map((a) => a.providerId)).toEqual(['credential']);
  });

  it('refuses to disconnect Google from an account that has no other way to sign in', async () => {
    people.set('google-6', {
      email: 'google-only@example.com',
      name: 'Only Google',
      emailVerified: true,
    });
    const { browser } = await signInWithGoogle('google-referral-affiliate');
    const accounts =
      await browser.get<Array<{ id: string; providerId: string }>>('/api/auth/list-accounts');
    expect(accounts.body.map((a) => a.providerId)).toEqual(['google']);
    const res = await browser.post('/api/auth/unlink-account', { accountId: accounts.body[0]!.id });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'FAILED_TO_UNLINK_LAST_ACCOUNT',
      message: expect.stringMatching(/only way to sign in/),
    });
    expect((await browser.get('/api/user')).status).toBe(200);

    // Its owner has no password to change; she is told how to set one.
    const change = await browser.post('/api/auth/change-password', {
      currentPassword: 'anything 1',
      newPassword: 'new password 22',
    });
    expect(change.status).toBe(400);
    expect(change.body).toMatchObject({
      code: 'CREDENTIAL_ACCOUNT_NOT_FOUND',
      message: expect.stringMatching(/Set a password/),
    });
  });

  it('lets a Google-only user set a password by e-mail, after which Google can be disconnected', async () => {
    const email = 'google-then-password@example.com';
    people.set('google-7', { email, name: 'Sets Password', emailVerified: true });
    await signInWithGoogle('google-7');

    expect(
      (await new TestClient(server.url).post('/api/auth/request-password-reset', { email })).status,
    ).toBe(200);
    const link = linkIn(
      await lastMail(server.config.mailDir, email, /Reset your Shark password/),
      '/reset/',
    );
    const token = decodeURIComponent(link.pathname.slice('/reset/'.length));
    const reset = await new TestClient(server.url).post('/api/auth/reset-password', {
      token,
      newPassword: 'first password 7',
    });
    expect(reset.status).toBe(200);

    const browser = new TestClient(server.url);
    expect(
      (await browser.post('/api/auth/sign-in/email', { email, password: 'first password 7' }))
        .status,
    ).toBe(200);
    const accounts =
      await browser.get<Array<{ id: string; providerId: string }>>('/api/auth/list-accounts');
    expect(accounts.body.map((a) => a.providerId).sort()).toEqual(['credential', 'google']);
    const google = accounts.body.find((a) => a.providerId === 'google')!;
    expect((await browser.post('/api/auth/unlink-account', { accountId: google.id })).status).toBe(
      200,
    );
  });

  it('reports an unknown provider id as a client error', async () => {
    const res = await new TestClient(server.url).post('/api/auth/sign-in/social', {
      provider: 'myspace',
      callbackURL: '/dashboard',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toHaveProperty('message');
  });
});
