// Rate limits on sign-in, sign-up and reset requests, per e-mail and per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { TestClient } from '../../testing/http-client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_MAX_PER_EMAIL: '3', AUTH_RATE_MAX_PER_IP: '6' });
});
afterAll(async () => {
  await server?.close();
});

describe('auth rate limits', () => {
  it('answers 429 with a message and Retry-After once one e-mail is tried too often', async () => {
    const client = new TestClient(server.url);
    const attempt = () => client.post('/api/auth/sign-in/email', { email: 'target@example.com', password: 'guess guess' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many attempts/) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits one address across many e-mails, per endpoint', async () => {
    const client = new TestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await client.post('/api/auth/request-password-reset', { email: `someone${i}@example.com` })).status);
    }
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses[6]).toBe(429);
  });

  it('limits sign-ups per e-mail', async () => {
    const client = new TestClient(server.url);
    const body = { email: 'again@example.com', password: 'long enough 1' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await client.post('/api/auth/sign-up/email', body)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
