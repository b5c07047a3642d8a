// /account over HTTP: name, e-mail change through a link to the new address, password change, sign-in methods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { lastMail, linkIn, readMails } from '#server/testing/mailbox.ts';

const PASSWORD = 'correct horse 1';
let server: TestServer;
let counter = 0;
const uniqueEmail = () => `profile${++counter}-${Date.now()}@example.com`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const client = () => new TestClient(server.url);
const mailDir = () => server.config.mailDir;

/** Signs up and follows the verification link; returns a client holding the new session. */
async function verifiedUser(email = uniqueEmail()) {
  await client().post('/api/auth/sign-up/email', {
    name: 'Ann Creator',
    email,
    password: PASSWORD,
  });
  const link = linkIn(await lastMail(mailDir(), email, /Verify/), '/email-settings/verification/');
  const browser = client();
  expect(
    (await browser.get(`/api/auth/verify-email?token=${link.pathname.split('/').at(-1)}`)).status,
  ).toBe(200);
  return { email, browser };
}

async function signedIn(email: string, password: string) {
  const browser = client();
  const res = await browser.post('/api/auth/sign-in/email', { email, password });
  expect(res.status).toBe(200);
  return browser;
}

describe('profile', () => {
  it('changes the name, and only the name', async () => {
    const { browser } = await verifiedUser();
    const res = await browser.post('/api/auth/update-user', {
      name: '  Ann Renamed ',
      isAffiliateOnly: true,
    });
    expect(res.status).toBe(200);
    expect((await browser.get('/api/user')).body).toMatchObject({
      name: 'Ann Renamed',
      isAffiliateOnly: false,
    });
  });

  it('refuses an empty name next to the field', async () => {
    const { browser } = await verifiedUser();
    const res = await browser.post('/api/auth/update-user', { name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { name: 'Enter your name.' },
    });
  });
});

describe('e-mail change', () => {
  it('mails the link to the new address and changes the address only when it is opened', async () => {
    const { email, browser } = await verifiedUser();
    const newEmail = uniqueEmail();
    const res = await browser.post('/api/auth/change-email', {
      newEmail: `  ${newEmail.toUpperCase()} `,
    });
    expect(res.status).toBe(200);

    const mail = await lastMail(mailDir(), newEmail, /Confirm your new e-mail address for Shark/);
    expect(mail.text).toContain(`from ${email} to ${newEmail}`);
    expect(mail.html).toContain('Confirm new e-mail address');
    expect(
      (await readMails(mailDir())).some((m) => m.to === email && /new e-mail/.test(m.subject)),
    ).toBe(false);

    // Nothing has changed yet: the old address still signs in, the new one does not.
    expect((await browser.get('/api/user')).body).toMatchObject({ email, emailVerified: true });
    expect(
      (await client().post('/api/auth/sign-in/email', { email: newEmail, password: PASSWORD }))
        .status,
    ).toBe(401);

    const link = linkIn(mail, '/email-settings/verification/');
    const token = link.pathname.split('/').at(-1)!;
    const followed = await browser.get(`/api/auth/verify-email?token=${token}`);
    expect(followed.status).toBe(200);

    expect((await browser.get('/api/user')).body).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
    expect(
      (await client().post('/api/auth/sign-in/email', { email: newEmail, password: PASSWORD }))
        .status,
    ).toBe(200);
    expect(
      (await client().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status,
    ).toBe(401);
  });

  it('applies the change from a link opened in another browser, without signing that browser in', async () => {
    const { browser } = await verifiedUser();
    const newEmail = uniqueEmail();
    expect((await browser.post('/api/auth/change-email', { newEmail })).status).toBe(200);
    const link = linkIn(
      await lastMail(mailDir(), newEmail, /new e-mail address/),
      '/email-settings/verification/',
    );
    const elsewhere = client();
    expect(
      (await elsewhere.get(`/api/auth/verify-email?token=${link.pathname.split('/').at(-1)}`))
        .status,
    ).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await browser.get('/api/user')).body).toMatchObject({ email: newEmail });
  });

  it('tells the old address once the change is made, and only then', async () => {
    const { email, browser } = await verifiedUser();
    const newEmail = uniqueEmail();
    expect((await browser.post('/api/auth/change-email', { newEmail })).status).toBe(200);
    const link = linkIn(
      await lastMail(mailDir(), newEmail, /new e-mail address/),
      '/email-settings/verification/',
    );
    const noticeTo = async () =>
      (await readMails(mailDir())).filter((m) => m.to === email && /was changed/.test(m.subject));
    expect(await noticeTo()).toHaveLength(0);

    expect(
      (await browser.get(`/api/auth/verify-email?token=${link.pathname.split('/').at(-1)}`)).status,
    ).toBe(200);
    const notice = await lastMail(
      mailDir(),
      email,
      /The e-mail address of your Shark account was changed/,
    );
    expect(notice.text).toContain(`from ${email} to ${newEmail}`);
    expect(notice.text).toContain('/reset/');
    // Opening the used link again changes nothing and tells nobody twice.
    await browser.get(`/api/auth/verify-email?token=${link.pathname.split('/').at(-1)}`);
    expect(await noticeTo()).toHaveLength(1);
  });

  it('refuses in words a new address someone signed up with before the link was opened', async () => {
    const { email, browser } = await verifiedUser();
    const newEmail = uniqueEmail();
    expect((await browser.post('/api/auth/change-email', { newEmail })).status).toBe(200);
    const link = linkIn(
      await lastMail(mailDir(), newEmail, /new e-mail address/),
      '/email-settings/verification/',
    );
    await verifiedUser(newEmail);

    const res = await browser.get(
      `/api/auth/verify-email?token=${link.pathname.split('/').at(-1)}`,
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('now belongs to another account'),
    });
    expect((await browser.get('/api/user')).body).toMatchObject({ email });
    expect(
      (await readMails(mailDir())).some((m) => m.to === email && /was changed/.test(m.subject)),
    ).toBe(false);
  });

  it('answers an address that belongs to another account as it answers a free one, and sends it no link', async () => {
    const { email: taken } = await verifiedUser();
    const { email, browser } = await verifiedUser();
    const free = uniqueEmail();
    const toTaken = await browser.post('/api/auth/change-email', { newEmail: taken });
    const toFree = await browser.post('/api/auth/change-email', { newEmail: free });
    expect(toTaken.status).toBe(200);
    expect(toFree.status).toBe(toTaken.status);
    expect(toFree.body).toEqual(toTaken.body);

    linkIn(await lastMail(mailDir(), free, /new e-mail address/), '/email-settings/verification/');
    const toHolder = (await readMails(mailDir())).filter(
      (m) => m.to === taken && !/Verify/.test(m.subject),
    );
    expect(toHolder.map((m) => m.subject)).toEqual([
      'Someone asked to use your e-mail address for another Shark account',
    ]);
    expect(toHolder[0]!.text).toContain('nothing was changed');
    expect(toHolder[0]!.text).not.toContain('/email-settings/verification/');
    expect(toHolder[0]!.text).not.toContain(email);
    expect((await browser.get('/api/user')).body).toMatchObject({ email });
  });

  it('limits address changes per user', async () => {
    const { browser } = await verifiedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await browser.post('/api/auth/change-email', { newEmail: uniqueEmail() })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another user, from the same address, is not held back.
    const { browser: other } = await verifiedUser();
    expect((await other.post('/api/auth/change-email', { newEmail: uniqueEmail() })).status).toBe(
      200,
    );
  });

  it('refuses the current address, a malformed one, and a signed-out caller', async () => {
    const { email, browser } = await verifiedUser();
    const same = await browser.post('/api/auth/change-email', { newEmail: email.toUpperCase() });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({
      fields: { newEmail: 'This is already your e-mail address.' },
    });

    const malformed = await browser.post('/api/auth/change-email', { newEmail: 'not-an-address' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ fields: { newEmail: 'Enter a valid e-mail address.' } });

    // Signed out, a taken address gets the same 401 as any other: it reveals no accounts.
    const signedOut = await client().post('/api/auth/change-email', { newEmail: email });
    expect(signedOut.status).toBe(401);
  });
});

describe('password change', () => {
  it('needs the right current password', async () => {
    const { email, browser } = await verifiedUser();
    const res = await browser.post('/api/auth/change-password', {
      currentPassword: 'wrong password 1',
      newPassword: 'new password 22',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: 'The current password is not correct.',
    });
    expect(
      (await client().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('refuses a repeated password that does not match, and a short one', async () => {
    const { browser } = await verifiedUser();
    const mismatch = await browser.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'new password 22',
      confirmPassword: 'new password 23',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({
      fields: { confirmPassword: 'The passwords do not match.' },
    });
    const short = await browser.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ fields: { newPassword: 'Use at least 8 characters.' } });
  });

  it('sets the new password, keeps this session and ends the others', async () => {
    const { email, browser } = await verifiedUser();
    const otherDevice = await signedIn(email, PASSWORD);
    expect((await otherDevice.get('/api/user')).status).toBe(200);

    const res = await browser.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'new password 22',
      confirmPassword: 'new password 22',
    });
    expect(res.status).toBe(200);

    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await otherDevice.get('/api/user')).status).toBe(401);
    expect(
      (await client().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status,
    ).toBe(401);
    expect(
      (await client().post('/api/auth/sign-in/email', { email, password: 'new password 22' }))
        .status,
    ).toBe(200);
  });
});

describe('sign-in methods', () => {
  it('lists e-mail and password, and refuses to disconnect the only way to sign in', async () => {
    const { browser } = await verifiedUser();
    const list =
      await browser.get<Array<{ id: string; providerId: string }>>('/api/auth/list-accounts');
    expect(list.status).toBe(200);
    expect(list.body.map((a) => a.providerId)).toEqual(['credential']);

    const res = await browser.post('/api/auth/unlink-account', { accountId: list.body[0]!.id });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'FAILED_TO_UNLINK_LAST_ACCOUNT',
      message: expect.stringMatching(/only way to sign in/),
    });
    expect((await browser.get<unknown[]>('/api/auth/list-accounts')).body).toHaveLength(1);
  });
});
