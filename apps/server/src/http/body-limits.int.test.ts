// Request body limits over real connections: hostile bodies are refused with 413 as they stream in
// (declared with Content-Length or chunked), before sign-in, the provider header or validation; the
// routes with larger limits still take what their contracts allow.
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';
import { floodRequest } from '#server/testing/body-flood.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import { AUTH_BODY_LIMIT, DEFAULT_BODY_LIMIT, bodyLimitFor } from './body-limits.ts';

const MB = 1024 * 1024;
const HOSTILE = 200 * MB;

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  const { browser } = await signedInUser(server);
  cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
});
afterAll(() => server?.close());

function expectRefused(result: {
  status: number;
  contentType: string;
  body: string;
  bytesSent: number;
}) {
  expect(result.status).toBe(413);
  expect(result.contentType).toMatch(/^application\/json/);
  expect(JSON.parse(result.body)).toMatchObject({
    code: 'PAYLOAD_TOO_LARGE',
    message: expect.stringMatching(/too large/),
  });
  // Refused long before the end: the server stopped taking the body.
  expect(result.bytesSent).toBeLessThan(HOSTILE);
}

describe('hostile request bodies', () => {
  for (const chunked of [false, true]) {
    const how = chunked ? 'chunked, without Content-Length' : 'with Content-Length';

    it(`refuses a 200 MB password to the unauthenticated sign-in (${how})`, async () => {
      const result = await floodRequest(`${server.url}/api/auth/sign-in/email`, {
        headers: { [PROVIDER_HEADER]: 'shark' },
        totalBytes: HOSTILE,
        chunked,
        prefix: '{"email":"someone@example.com","password":"',
      });
      expectRefused(result);
    });

    it(`refuses a 200 MB search term from a signed-in creator (${how})`, async () => {
      const result = await floodRequest(`${server.url}/api/search-terms`, {
        headers: { [PROVIDER_HEADER]: 'shark', cookie },
        totalBytes: HOSTILE,
        chunked,
        prefix: '{"term":"',
      });
      expectRefused(result);
    });
  }

  it('checks the length before anything else: sign-in, the provider header, the route itself', async () => {
    const signedOut = await floodRequest(`${server.url}/api/search-terms`, {
      headers: {},
      totalBytes: 10 * MB,
      chunked: true,
    });
    expect(signedOut.status).toBe(413);
    const unknownRoute = await floodRequest(`${server.url}/api/no-such-thing`, {
      headers: {},
      totalBytes: 10 * MB,
      chunked: false,
    });
    expect(unknownRoute.status).toBe(413);
  });

  it('keeps the connection usable: the next request on it is answered', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const chunked of [false, true]) {
        const refused = await floodRequest(`${server.url}/api/auth/sign-in/email`, {
          totalBytes: MB,
          chunked,
          agent,
        });
        expect(refused.status).toBe(413);
        const next = await floodRequest(`${server.url}/api/auth/sign-in/email`, {
          headers: { [PROVIDER_HEADER]: 'shark' },
          totalBytes: 2,
          chunked: false,
          prefix: '{}',
          agent,
        });
        expect(next.status).toBe(400);
      }
    } finally {
      agent.destroy();
    }
  });

  it('leaves the server answering normally afterwards', async () => {
    const client = new TestClient(server.url);
    const health = await client.get('/api/health');
    expect(health.status).toBe(200);
  });
});

describe('limits by route', () => {
  it('gives JSON routes the default, auth forms less, and the bulk routes what their contracts allow', () => {
    expect(bodyLimitFor('/api/search-terms')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('/api/auth/sign-in/email')).toBe(AUTH_BODY_LIMIT);
    expect(bodyLimitFor('/api/whitelist/bulk')).toBeGreaterThan(1_000_000);
    expect(bodyLimitFor('/api/uploads/abc')).toBeNull();
  });

  it('refuses a body just over the default and takes one just under it (the route then judges it)', async () => {
    const headers = { [PROVIDER_HEADER]: 'shark', cookie };
    const over = await floodRequest(`${server.url}/api/search-terms`, {
      headers,
      totalBytes: DEFAULT_BODY_LIMIT + 1,
      chunked: true,
      prefix: '{"term":"',
    });
    expect(over.status).toBe(413);
    const client = new TestClient(server.url);
    client.absorb(cookie.split('; ').map((pair) => `${pair}; Path=/`));
    const under = await client.post('/api/search-terms', {
      term: 'a'.repeat(DEFAULT_BODY_LIMIT - 100),
      sources: [],
    });
    // Past the limit, to the route's own checks (this creator has no plan yet).
    expect(under.status).toBe(403);
    expect(under.body.code).not.toBe('PAYLOAD_TOO_LARGE');
  });

  it('takes a whitelist paste of a million characters, far over the default', async () => {
    const client = new TestClient(server.url);
    client.absorb(cookie.split('; ').map((pair) => `${pair}; Path=/`));
    const text = `${'# a comment line that the import skips\n'.repeat(25_000)}`.slice(0, 999_000);
    const pasted = await client.post('/api/whitelist/bulk', { text: `${text}\nexample.com` });
    expect(pasted.status).not.toBe(413);
    expect(pasted.status).toBeLessThan(500);
  });

  it('passes a chunked body under the limit on to the route whole', async () => {
    const signIn = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    const result = await floodRequest(`${server.url}/api/auth/sign-in/email`, {
      headers: { [PROVIDER_HEADER]: 'shark' },
      totalBytes: signIn.length,
      chunked: true,
      prefix: signIn,
    });
    // The route read every field: a wrong password, not a body it could not parse.
    expect(result.status).toBe(401);
  });

  it('refuses a sign-in form over the auth limit', async () => {
    const result = await floodRequest(`${server.url}/api/auth/sign-in/email`, {
      headers: { [PROVIDER_HEADER]: 'shark' },
      totalBytes: AUTH_BODY_LIMIT + 1,
      chunked: false,
      prefix: '{"email":"someone@example.com","password":"',
    });
    expect(result.status).toBe(413);
  });
});
