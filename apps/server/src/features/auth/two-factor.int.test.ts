// TOTP two-factor over HTTP: any user may turn it on; sign-in then asks for the code (or a backup code);
// malformed codes are refused with a message, and guesses are limited per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#server/testing/http-client.ts';
import { enableTwoFactor } from '#server/testing/staff-users.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { totpCode } from '#server/testing/totp.ts';
import { signedInUser } from '#server/testing/users.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1', AUTH_RATE_MAX_PER_IP: '8' });
});
afterAll(async () => {
  await server?.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });

async function signInNeedingCode(email: string, password: string, address: string) {
  const client = new TestClient(server.url);
  const answer = await client.post<{ twoFactorRedirect?: boolean }>(
    '/api/auth/sign-in/email',
    { email, password },
    from(address),
  );
  expect(answer.status).toBe(200);
  expect(answer.body.twoFactorRedirect).toBe(true);
  return client;
}

describe('two-factor for a creator', () => {
  it('turns on with the password, then signs in with the code', async () => {
    const creator = await signedInUser(server);
    const wrongPassword = await creator.browser.post('/api/auth/two-factor/enable', {
      password: 'not my password',
    });
    expect(wrongPassword.status).toBeGreaterThanOrEqual(400);
    expect(wrongPassword.status).toBeLessThan(500);
    const secret = await enableTwoFactor(creator.browser, creator.password);

    const client = await signInNeedingCode(creator.email, creator.password, '198.51.100.10');
    expect((await client.get('/api/user')).status).toBe(401);
    const signedIn = await client.post(
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(secret) },
      from('198.51.100.10'),
    );
    expect(signedIn.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('refuses a malformed code with a message, and limits guesses per address', async () => {
    const creator = await signedInUser(server);
    await enableTwoFactor(creator.browser, creator.password);
    const address = '198.51.100.20';
    const client = await signInNeedingCode(creator.email, creator.password, address);
    const malformed = await client.post<{ message: string }>(
      '/api/auth/two-factor/verify-totp',
      { code: '12ab' },
      from(address),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/6-digit code/);

    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const guess = await client.post(
        '/api/auth/two-factor/verify-totp',
        { code: String(100000 + i) },
        from(address),
      );
      statuses.push(guess.status);
    }
    expect(statuses.every((s) => s !== 200)).toBe(true);
    expect(statuses).toContain(429);
  });
});
