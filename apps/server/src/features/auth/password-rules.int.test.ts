// Easily guessed passwords are refused wherever a password is chosen: sign-up, reset and change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { lastMail, linkIn } from '#server/testing/mailbox.ts';
import { signedInUser } from '#server/testing/users.ts';

const WEAK = ['password', '12345678', 'aaaaaaaa'];
const STRONG = 'violet kettle marches 4';

let server: TestServer;
let counter = 0;
const uniqueEmail = () => `rules${++counter}-${Date.now()}@example.com`;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
const client = () => new TestClient(server.url);

describe('password rules', () => {
  it('refuses common, repeated and sequential passwords at sign-up, naming the field', async () => {
    const email = uniqueEmail();
    for (const password of WEAK) {
      const res = await client().post('/api/auth/sign-up/email', { name: 'Ann', email, password });
      expect(res.status, password).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { password: expect.stringMatching(/^This password /) },
      });
    }
    const own = await client().post('/api/auth/sign-up/email', {
      name: 'Ann',
      email,
      password: email,
    });
    expect(own.body).toMatchObject({
      fields: { password: expect.stringMatching(/your e-mail address or name/) },
    });
    expect(
      (await client().post('/api/auth/sign-up/email', { name: 'Ann', email, password: STRONG }))
        .status,
    ).toBe(200);
  });

  it('refuses them when a password is reset', async () => {
    const { email } = await signedInUser(server);
    expect((await client().post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const link = linkIn(
      await lastMail(server.config.mailDir, email, /Reset your Shark password/),
      '/reset/',
    );
    const token = decodeURIComponent(link.pathname.slice('/reset/'.length));
    for (const newPassword of WEAK) {
      const res = await client().post('/api/auth/reset-password', { token, newPassword });
      expect(res.status, newPassword).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { newPassword: expect.stringMatching(/^This password /) },
      });
    }
    expect(
      (await client().post('/api/auth/reset-password', { token, newPassword: STRONG })).status,
    ).toBe(200);
    expect(
      (await client().post('/api/auth/sign-in/email', { email, password: STRONG })).status,
    ).toBe(200);
  });

  it('refuses them when a password is changed', async () => {
    const { browser, password, email } = await signedInUser(server);
    for (const newPassword of WEAK) {
      const res = await browser.post('/api/auth/change-password', {
        currentPassword: password,
        newPassword,
      });
      expect(res.status, newPassword).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { newPassword: expect.stringMatching(/^This password /) },
      });
    }
    const own = await browser.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: email.split('@')[0],
    });
    expect(own.body).toMatchObject({
      fields: { newPassword: expect.stringMatching(/your e-mail address or name/) },
    });
    expect(
      (
        await browser.post('/api/auth/change-password', {
          currentPassword: password,
          newPassword: STRONG,
        })
      ).status,
    ).toBe(200);
  });
});
