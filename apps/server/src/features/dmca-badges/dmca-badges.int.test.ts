// DMCA badges: one per creator, and a public page that tells only whether protection is active.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { signedInUser } from '#server/testing/users.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/badges/mine', () => {
  it('requires sign-in', async () => {
    const res = await new TestClient(server.url).get('/api/badges/mine');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('gives each creator one stable badge with a link to its public page', async () => {
    const { browser } = await signedInUser(server);
    const first = await browser.get<{ publicId: string; verifyUrl: string }>('/api/badges/mine');
    expect(first.status).toBe(200);
    expect(first.body.verifyUrl).toBe(`${server.url}/verified/${first.body.publicId}`);
    expect(first.body.publicId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const again = await browser.get('/api/badges/mine');
    expect(again.body).toEqual(first.body);

    const other = await signedInUser(server);
    const theirs = await other.browser.get<{ publicId: string }>('/api/badges/mine');
    expect(theirs.body.publicId).not.toBe(first.body.publicId);
  });
});

describe('GET /api/badges/{publicId}', () => {
  it('says whether the creator is protected, and since when, without private data', async () => {
    const { email, browser } = await signedInUser(server);
    const { publicId } = (await browser.get<{ publicId: string }>('/api/badges/mine')).body;
    const anyone = new TestClient(server.url);

    const free = await anyone.get(`/api/badges/${publicId}`);
    expect(free.body).toEqual({ brandName: 'Shark', isProtected: false, protectedSince: null });

    await server.services.accounts.grant(email, { status: 'subscribed', plan: 'standard' });
    const protectedNow = await anyone.get<{ protectedSince: string }>(`/api/badges/${publicId}`);
    expect(protectedNow.body).toMatchObject({ brandName: 'Shark', isProtected: true });
    expect(Date.now() - Date.parse(protectedNow.body.protectedSince)).toBeLessThan(60_000);
    expect(JSON.stringify(protectedNow.body)).not.toContain(email);

    await server.services.accounts.grant(email, { status: 'former' });
    expect((await anyone.get(`/api/badges/${publicId}`)).body).toMatchObject({
      isProtected: false,
      protectedSince: null,
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const unknown = await new TestClient(server.url).get('/api/badges/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'NOT_FOUND', message: 'This badge does not exist.' });
    const malformed = await new TestClient(server.url).get('/api/badges/%3Cscript%3E');
    expect(malformed.status).toBe(404);
  });
});
