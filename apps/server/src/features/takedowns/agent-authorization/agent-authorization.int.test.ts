// The agent authorisation: a verified e-mail, a signature equal to the legal name, the time, address
// and browser recorded; signing again revokes the previous one; revoking leaves none; nobody else sees it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizationState } from '@shark/contracts/agent-authorization.ts';
import { agentAuthorization, user } from '@shark/db/schema.ts';
import { TestClient } from '#server/testing/http-client.ts';
import type { TestServer } from '#server/testing/test-server.ts';
import {
  HOME_ADDRESS,
  LEGAL_NAME,
  signature,
  startEnforcementServer,
  testCreator,
} from '#server/features/takedowns/testing/enforcement-test-kit.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startEnforcementServer({});
});
afterAll(async () => {
  await server?.close();
});

async function rowsOf(userId: string) {
  return server.services.database.db
    .select()
    .from(agentAuthorization)
    .where(eq(agentAuthorization.userId, userId))
    .orderBy(agentAuthorization.signedAt);
}

describe('the agent authorisation', () => {
  it('needs a session for reading, signing and revoking', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/authorization')).status).toBe(401);
    expect((await anonymous.post('/api/authorization', signature())).status).toBe(401);
    expect((await anonymous.request('DELETE', '/api/authorization')).status).toBe(401);
    // Signed out, even a malformed body is a 401, not a 400 that tells what the form needs.
    expect((await anonymous.post('/api/authorization', { nonsense: true })).status).toBe(401);
  });

  it('shows the text to sign, for the calling brand, and none signed yet', async () => {
    const creator = await testCreator(server);
    const state = await creator.browser.get<AuthorizationState>('/api/authorization');
    expect(state.status).toBe(200);
    expect(state.body.authorization).toBeNull();
    expect(state.body.canSign).toBe(true);
    expect(state.body.text.version).toMatch(/\S/);
    expect(state.body.text.body).toContain('Shark and its designated agent Jordan Reyes');
    expect(state.body.text.body).toContain('17 U.S.C. § 512(c)(3)');

    const lumen = new TestClient(server.url, 'lumen');
    for (const [name, value] of creator.browser.cookies) lumen.cookies.set(name, value);
    const lumenState = await lumen.get<AuthorizationState>('/api/authorization');
    expect(lumenState.body.text.body).toContain(
      'Lumen Guard and its designated agent Morgan Blake',
    );
  });

  it('refuses a signature that is not the legal name, a bad country and a missing "I agree"', async () => {
    const creator = await testCreator(server);
    const wrong = await creator.browser.post<{ code: string; fields: Record<string, string> }>(
      '/api/authorization',
      signature({ signature: 'Luna Vale' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.signature).toMatch(/full legal name exactly/);
    const country = await creator.browser.post<{ fields: Record<string, string> }>(
      '/api/authorization',
      signature({ country: 'XX' }),
    );
    expect(country.status).toBe(400);
    expect(country.body.fields.country).toMatch(/two-letter ISO 3166 code/);
    const agree = await creator.browser.post<{ fields: Record<string, string> }>(
      '/api/authorization',
      { ...signature(), agree: false },
    );
    expect(agree.status).toBe(400);
    expect(agree.body.fields.agree).toMatch(/I agree/);
    const missing = await creator.browser.post<{ fields: Record<string, string> }>(
      '/api/authorization',
      { ...signature(), postalCode: '  ' },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.fields.postalCode).toMatch(/postal code is required/);
    expect(await rowsOf(creator.userId)).toHaveLength(0);
  });

  it('needs a verified e-mail address', async () => {
    const creator = await testCreator(server);
    await server.services.database.db
      .update(user)
      .set({ emailVerified: false })
      .where(eq(user.id, creator.userId));
    const refused = await creator.browser.post<{ code: string; message: string }>(
      '/api/authorization',
      signature(),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Verify your e-mail address before you sign/);
    expect((await creator.browser.get<AuthorizationState>('/api/authorization')).body.canSign).toBe(
      false,
    );
    expect(await rowsOf(creator.userId)).toHaveLength(0);
  });

  it('records the signature with its time, address, browser and text version; signing again revokes the previous one', async () => {
    const creator = await testCreator(server);
    const before = Date.now();
    const signed = await creator.browser.post<AuthorizationState>(
      '/api/authorization',
      signature(),
      { 'user-agent': 'Firefox/142 test' },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const current = signed.body.authorization!;
    expect(current).toMatchObject({
      legalName: LEGAL_NAME,
      ...HOME_ADDRESS,
      addressLine2: null,
      email: creator.email,
      signature: 'luna maria vale',
      textVersion: signed.body.text.version,
    });
    expect(current.ipAddress).toMatch(/127\.0\.0\.1/);
    expect(Date.parse(current.signedAt)).toBeGreaterThanOrEqual(before - 1000);

    const [row] = await rowsOf(creator.userId);
    expect(row).toMatchObject({ userAgent: 'Firefox/142 test', brandId: 'shark', revokedAt: null });
    expect(
      (await creator.browser.get<AuthorizationState>('/api/authorization')).body.authorization?.id,
    ).toBe(current.id);

    const again = await creator.browser.post<AuthorizationState>(
      '/api/authorization',
      signature({ country: 'de', city: 'Berlin' }),
    );
    expect(again.status).toBe(200);
    expect(again.body.authorization).toMatchObject({ country: 'DE', city: 'Berlin' });
    const rows = await rowsOf(creator.userId);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.revokedAt).not.toBeNull();
    expect(rows[1]!.revokedAt).toBeNull();
  });

  it('is revoked with DELETE, after which there is none (and nothing more to revoke)', async () => {
    const creator = await testCreator(server);
    await creator.browser.post('/api/authorization', signature());
    const revoked = await creator.browser.request<AuthorizationState>(
      'DELETE',
      '/api/authorization',
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.authorization).toBeNull();
    expect(
      (await creator.browser.get<AuthorizationState>('/api/authorization')).body.authorization,
    ).toBeNull();
    const active = await server.services.database.db
      .select()
      .from(agentAuthorization)
      .where(and(eq(agentAuthorization.userId, creator.userId)));
    expect(active.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await creator.browser.request('DELETE', '/api/authorization')).status).toBe(404);
  });

  it('is documented in the OpenAPI document, with the takedown endpoints', async () => {
    const doc = await new TestClient(server.url, null).get<{
      paths: Record<string, Record<string, unknown>>;
    }>('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths['/authorization'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'post',
    ]);
    expect(doc.body.paths['/takedowns/{id}']).toHaveProperty('get');
    expect(doc.body.paths['/takedowns/{id}/notices/{file}']).toHaveProperty('get');
  });

  it('is never shown to or revoked by another account', async () => {
    const owner = await testCreator(server);
    const other = await testCreator(server);
    await owner.browser.post('/api/authorization', signature());
    expect(
      (await other.browser.get<AuthorizationState>('/api/authorization')).body.authorization,
    ).toBeNull();
    expect((await other.browser.request('DELETE', '/api/authorization')).status).toBe(404);
    expect(
      (await owner.browser.get<AuthorizationState>('/api/authorization')).body.authorization
        ?.legalName,
    ).toBe(LEGAL_NAME);
  });
});
