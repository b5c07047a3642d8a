// Rate limits on the auth endpoints: sign-in per address and per e-mail and address (never per e-mail alone),
// mail-sending endpoints per e-mail and per address, password changes per user; behind one trusted proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { signedInUser } from '#server/testing/users.ts';

let server: TestServer;
const waits: number[] = [];
beforeAll(async () => {
  server = await startTestServer({
    TRUST_PROXY: '1',
    AUTH_RATE_MAX_PER_EMAIL: '10',
    AUTH_RATE_MAX_PER_IP: '20',
    AUTH_RATE_DELAY_BASE_MS: '1000',
    AUTH_RATE_DELAY_MAX_MS: '4000',
  });
  // The delays are recorded, not waited out.
  server.services.signInThrottle.wait = (ms) => {
    waits.push(ms);
    return Promise.resolve();
  };
});
afterAll(async () => {
  await server?.close();
});

/** A request as the proxy in front passes it on: the client's own header, then the address the proxy saw. */
const from = (seenByProxy: string, claimed = '203.0.113.9') => ({
  'x-forwarded-for': `${claimed}, ${seenByProxy}`,
});

describe('sign-in limits', () => {
  it('cannot be turned against the owner: failures from one address do not lock out her correct password from another', async () => {
    const { email, password } = await signedInUser(server);
    const client = new TestClient(server.url);
    const signIn = async (pass: string, address: string) =>
      (await client.post('/api/auth/sign-in/email', { email, password: pass }, from(address)))
        .status;
    const [a, b, c] = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];

    for (let i = 0; i < 10; i++) expect(await signIn(`wrong guess ${i}`, a)).toBe(401);
    const limited = await client.post(
      '/api/auth/sign-in/email',
      { email, password: 'wrong guess x' },
      from(a),
    );
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/Too many attempts/),
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(waits).toEqual([]);

    // Past ten attempts on the e-mail, each further one waits, doubling up to the most.
    for (let i = 0; i < 3; i++) expect(await signIn(`wrong guess ${i}`, c)).toBe(401);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(await signIn(password, b)).toBe(200);
    expect(waits).toEqual([1000, 2000, 4000, 4000]);

    // The failing address stays limited, even with the right password.
    expect(await signIn(password, a)).toBe(429);
    // And the owner's address is limited for its own failures.
    for (let i = 0; i < 10; i++) expect(await signIn(`wrong again ${i}`, b)).toBe(401);
    expect(await signIn(password, b)).toBe(429);
  });

  it("counts the address the trusted proxy saw, not the client's own X-Forwarded-For", async () => {
    const client = new TestClient(server.url);
    const statuses: number[] = [];
    for (let i = 1; i <= 21; i++) {
      const body = { email: `someone${i}@example.com`, password: 'a guess 123' };
      statuses.push(
        (await client.post('/api/auth/sign-in/email', body, from('127.0.0.1', `203.0.113.${i}`)))
          .status,
      );
    }
    expect(statuses.slice(0, 20)).toEqual(Array<number>(20).fill(401));
    expect(statuses[20]).toBe(429);
    // Another address behind the same proxy is counted apart.
    const other = await client.post(
      '/api/auth/sign-in/email',
      { email: 'someone1@example.com', password: 'a guess 123' },
      from('198.51.100.50'),
    );
    expect(other.status).toBe(401);
  });
});

describe('limits on the other endpoints', () => {
  it('limits one address across many e-mails, per endpoint', async () => {
    const client = new TestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (
          await client.post(
            '/api/auth/request-password-reset',
            { email: `someone${i}@example.com` },
            from('198.51.100.60'),
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 20)).toEqual(Array<number>(20).fill(200));
    expect(statuses[20]).toBe(429);
  });

  it('limits sign-ups per e-mail, from any address', async () => {
    const client = new TestClient(server.url);
    const body = { email: 'again@example.com', password: 'long enough 1' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await client.post('/api/auth/sign-up/email', body, from(`198.51.100.${100 + i}`))).status,
      );
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it('limits guesses of the current password per user, from any address', async () => {
    const { browser, password } = await signedInUser(server);
    const change = (address: string) =>
      browser.post(
        '/api/auth/change-password',
        { currentPassword: 'not my password', newPassword: 'another long one 7' },
        from(address),
      );
    for (let i = 0; i < 10; i++) expect((await change(`198.51.100.${200 + i}`)).status).toBe(400);
    expect((await change('198.51.100.220')).status).toBe(429);
    const right = await browser.post(
      '/api/auth/change-password',
      { currentPassword: password, newPassword: 'another long one 7' },
      from('198.51.100.221'),
    );
    expect(right.status).toBe(429);
  });
});
