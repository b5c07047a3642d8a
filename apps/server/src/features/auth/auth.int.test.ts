// Accounts end to end over HTTP: sign-up, verification, sign-in, reset, rate limits, provider header.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrationsFolder } from '@shark/db/client.ts';
import { userSchema } from '@shark/contracts/user.ts';
import { LOGGED_IN_COOKIE } from '@shark/contracts/http.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { lastMail, linkIn, readMails } from '#server/testing/mailbox.ts';

const PASSWORD = 'correct horse 1';
let server: TestServer;
let counter = 0;
const uniqueEmail = () => `creator${++counter}-${Date.now()}@example.com`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const client = () => new TestClient(server.url);
const mailDir = () => server.config.mailDir;

async function signUp(email: string, password = PASSWORD, extra: Record<string, unknown> = {}) {
  return client().post('/api/auth/sign-up/email', {
    name: 'Ann Creator',
    email,
    password,
    confirmPassword: password,
    ...extra,
  });
}

/** Signs up and follows the verification link; returns a client holding the new session. */
async function verifiedUser(email = uniqueEmail()) {
  await signUp(email);
  const link = linkIn(await lastMail(mailDir(), email, /Verify/), '/email-settings/verification/');
  const token = link.pathname.split('/').at(-1)!;
  const browser = client();
  const verified = await browser.get(`/api/auth/verify-email?token=${token}`);
  expect(verified.status).toBe(200);
  return { email, browser };
}

describe('sign-up', () => {
  it('creates an unverified account, mails a verification link and does not sign in yet', async () => {
    const email = uniqueEmail();
    const res = await signUp(`  ${email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join(';')).not.toContain('session_token');

    const mail = await lastMail(mailDir(), email, /Verify your e-mail address for Shark/);
    expect(mail.text).toContain('Hello Ann Creator');
    expect(mail.html).toContain('Shark');
    const link = linkIn(mail, '/email-settings/verification/');
    expect(link.origin).toBe(server.url);

    const signIn = await client().post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(signIn.body.message).toMatch(/verify your e-mail/i);
  });

  it('answers a taken e-mail exactly like a new one, and tells the owner by mail', async () => {
    const { email } = await verifiedUser();
    const again = await signUp(email, 'another password 2');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ token: null, user: { email, emailVerified: false } });
    await expect(lastMail(mailDir(), email, /already have a Shark account/)).resolves.toBeTruthy();

    // The owner's password is untouched.
    const signIn = await client().post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
  });

  it('refuses a repeated password that does not match, next to the field', async () => {
    const email = uniqueEmail();
    const res = await client().post('/api/auth/sign-up/email', {
      email,
      password: PASSWORD,
      confirmPassword: 'different pass',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { confirmPassword: 'The passwords do not match.' },
    });
    expect((await readMails(mailDir())).some((m) => m.to === email)).toBe(false);
  });

  it('refuses a short password and a malformed e-mail with messages per field', async () => {
    const res = await client().post('/api/auth/sign-up/email', {
      email: 'not-an-email',
      password: 'short',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      email: 'Enter a valid e-mail address.',
      password: 'Use at least 8 characters.',
    });
  });

  it('answers a body that is not JSON with a 400', async () => {
    const res = await client().post('/api/auth/sign-up/email', '{"email":');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('keeps the affiliate-only choice and the referral code made at sign-up', async () => {
    const email = uniqueEmail();
    await signUp(email, PASSWORD, { isAffiliateOnly: true, referralCode: 'FRIEND-42' });
    const link = linkIn(
      await lastMail(mailDir(), email, /Verify/),
      '/email-settings/verification/',
    );
    const browser = client();
    await browser.get(`/api/auth/verify-email?token=${link.pathname.split('/').at(-1)}`);
    const me = await browser.get('/api/user');
    expect(me.body).toMatchObject({ isAffiliateOnly: true, needsOnboarding: false });
  });
});

describe('verification and sign-in', () => {
  it('verifies through the link, signs in, and sets the session and indicator cookies', async () => {
    const { email, browser } = await verifiedUser();
    expect([...browser.cookies.keys()]).toEqual(
      expect.arrayContaining(['shark.session_token', LOGGED_IN_COOKIE]),
    );
    const me = await browser.get('/api/user');
    expect(me.status).toBe(200);
    expect(userSchema.strict().parse(me.body)).toEqual({
      id: expect.any(String),
      name: 'Ann Creator',
      email,
      emailVerified: true,
      isAffiliateOnly: false,
      suggestUpgradeCustomMessage: null,
      frontendStatus: 'free',
      effectiveSpecialFeatures: [],
      needsOnboarding: true,
      isCancelledButActive: false,
      shouldShowUpgrade: false,
    });
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, the indicator readable', async () => {
    const { email } = await verifiedUser();
    const res = await client().post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('shark.session_token='));
    const indicator = cookies.find((c) => c.startsWith(`${LOGGED_IN_COOKIE}=1`));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(indicator).toBeDefined();
    expect(indicator).not.toMatch(/HttpOnly/i);
  });

  it('refuses a tampered verification token', async () => {
    const res = await client().get('/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.e30.invalid');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toHaveProperty('message');
  });

  it('refuses a wrong password with a clear message', async () => {
    const { email } = await verifiedUser();
    const res = await client().post('/api/auth/sign-in/email', {
      email,
      password: 'wrong password',
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'The e-mail address or the password is not correct.',
    });
  });

  it('signs out: the session ends and the indicator cookie is cleared', async () => {
    const { browser } = await verifiedUser();
    const out = await browser.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => c.startsWith(`${LOGGED_IN_COOKIE}=;`))).toBe(
      true,
    );
    expect((await browser.get('/api/user')).status).toBe(401);
  });
});

describe('GET /api/user', () => {
  it('answers 401 with a message when signed out, and clears a stale indicator', async () => {
    const res = await client().get('/api/user', { cookie: `${LOGGED_IN_COOKIE}=1` });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: 'Please sign in.' });
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${LOGGED_IN_COOKIE}=;`))).toBe(
      true,
    );
  });

  it('reflects what an operator granted', async () => {
    const { email, browser } = await verifiedUser();
    await server.services.accounts.grant(email, {
      status: 'subscribed',
      plan: 'plus',
      features: ['promoProtect'],
      cancelledButActive: true,
      suggestUpgrade: 'Premium adds impersonation protection',
    });
    const me = await browser.get('/api/user');
    expect(me.body).toMatchObject({
      frontendStatus: 'subscribed',
      effectiveSpecialFeatures: ['promoProtect', 'submitLeak', 'searchEngineRemovals'],
      isCancelledButActive: true,
      shouldShowUpgrade: true,
      suggestUpgradeCustomMessage: 'Premium adds impersonation protection',
    });
  });
});

describe('provider header', () => {
  it('is required on API calls', async () => {
    const res = await new TestClient(server.url, null).get('/api/user');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'PROVIDER_REQUIRED' });
  });

  it('must name a configured brand', async () => {
    const res = await new TestClient(server.url, 'someone-else').post('/api/auth/sign-up/email', {
      email: uniqueEmail(),
      password: PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'UNKNOWN_PROVIDER',
      message: 'Unknown provider "someone-else".',
    });
  });

  it('picks the brand that answers /api/brand', async () => {
    const res = await client().get('/api/brand');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 'shark',
      name: 'Shark',
      theme: { light: '#2b7fff', dark: '#155dfc' },
    });
  });

  it('is not needed for the health check, which reports the database', async () => {
    const res = await new TestClient(server.url, null).get('/api/health');
    expect(res.status).toBe(200);
    const journal = JSON.parse(
      readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(res.body).toMatchObject({
      status: 'ok',
      database: {
        status: 'up',
        driver: server.config.database.driver,
        migrations: journal.entries.length,
      },
    });
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    return client().post('/api/auth/request-password-reset', { email });
  }
  async function resetToken(email: string) {
    const link = linkIn(await lastMail(mailDir(), email, /Reset your Shark password/), '/reset/');
    return decodeURIComponent(link.pathname.slice('/reset/'.length));
  }

  it('mails a link; the new password works, the old one is refused, other sessions end', async () => {
    const { email, browser: otherDevice } = await verifiedUser();
    expect((await otherDevice.get('/api/user')).status).toBe(200);

    const asked = await requestReset(email);
    expect(asked.status).toBe(200);
    const token = await resetToken(email);
    const reset = await client().post('/api/auth/reset-password', {
      token,
      newPassword: 'brand new pass 9',
      confirmPassword: 'brand new pass 9',
    });
    expect(reset.status).toBe(200);

    expect(
      (await client().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status,
    ).toBe(401);
    expect(
      (await client().post('/api/auth/sign-in/email', { email, password: 'brand new pass 9' }))
        .status,
    ).toBe(200);
    expect((await otherDevice.get('/api/user')).status).toBe(401);
  });

  it('gives the same answer for an unknown e-mail, and sends nothing', async () => {
    const { email } = await verifiedUser();
    const known = await requestReset(email);
    const unknownEmail = uniqueEmail();
    const unknown = await requestReset(unknownEmail);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect((await readMails(mailDir())).some((m) => m.to === unknownEmail)).toBe(false);
  });

  it('refuses a token used twice', async () => {
    const { email } = await verifiedUser();
    await requestReset(email);
    const token = await resetToken(email);
    expect(
      (await client().post('/api/auth/reset-password', { token, newPassword: 'first new pass 1' }))
        .status,
    ).toBe(200);
    const second = await client().post('/api/auth/reset-password', {
      token,
      newPassword: 'second new pass 2',
    });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({
      code: 'INVALID_TOKEN',
      message: expect.stringMatching(/invalid|used/i),
    });
  });

  it('refuses a token older than one hour', async () => {
    const { email } = await verifiedUser();
    await requestReset(email);
    const token = await resetToken(email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60 * 1000 });
    try {
      const late = await client().post('/api/auth/reset-password', {
        token,
        newPassword: 'too late pass 3',
      });
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({ code: 'INVALID_TOKEN' });
    } finally {
      vi.useRealTimers();
    }
    expect(
      (await client().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('stores reset tokens only as hashes', async () => {
    const { email } = await verifiedUser();
    await requestReset(email);
    const token = await resetToken(email);
    const { rows } = await server.services.database.execute(
      'select identifier, value from verification',
    );
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
  });

  it('refuses a mismatched confirmation', async () => {
    const res = await client().post('/api/auth/reset-password', {
      token: 'abc',
      newPassword: 'brand new pass 9',
      confirmPassword: 'other',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fields: { confirmPassword: 'The passwords do not match.' } });
  });
});
