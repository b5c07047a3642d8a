// Onboarding: first search terms for any creator (free ones too, within the free tier) until it is
// completed, and POST /api/onboarding/complete clearing needsOnboarding.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  RefreshSuggestionsResult,
  SearchTerm,
  SearchTermList,
} from '@shark/contracts/search-terms.ts';
import { protectedAccount } from '@shark/db/schema.ts';
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

async function addUsername(userId: string, username: string): Promise<void> {
  const id = randomUUID();
  await server.services.database.db.insert(protectedAccount).values({
    id,
    userId,
    platform: 'onlyfans',
    username,
    normalizedUsername: username.toLowerCase(),
    profileUrl: `https://onlyfans.com/${username}`,
    verificationCode: `shark-${id.slice(0, 8)}`,
  });
}

describe('POST /api/onboarding/complete', () => {
  it('requires sign-in', async () => {
    const res = await new TestClient(server.url).post('/api/onboarding/complete');
    expect(res.status).toBe(401);
  });

  it('clears needsOnboarding, once: completing again keeps the first date', async () => {
    const { browser } = await signedInUser(server);
    expect(
      (await browser.get<{ needsOnboarding: boolean }>('/api/user')).body.needsOnboarding,
    ).toBe(true);
    const done = await browser.post<{ onboardingCompletedAt: string }>('/api/onboarding/complete');
    expect(done.status).toBe(200);
    expect(Date.now() - Date.parse(done.body.onboardingCompletedAt)).toBeLessThan(60_000);
    expect(
      (await browser.get<{ needsOnboarding: boolean; frontendStatus: string }>('/api/user')).body,
    ).toMatchObject({
      needsOnboarding: false,
      frontendStatus: 'free',
    });
    const again = await browser.post<{ onboardingCompletedAt: string }>('/api/onboarding/complete');
    expect(again.body.onboardingCompletedAt).toBe(done.body.onboardingCompletedAt);
  });

  it('keeps the subscription a grant gave', async () => {
    const { email, browser } = await signedInUser(server);
    await server.services.accounts.grant(email, {
      status: 'subscribed',
      plan: 'plus',
      features: ['promoProtect'],
    });
    await browser.post('/api/onboarding/complete');
    const user = await server.services.accounts.showByEmail(email);
    expect(user).toMatchObject({ needsOnboarding: false, frontendStatus: 'subscribed' });
    expect(user.effectiveSpecialFeatures).toContain('promoProtect');
  });

  it('is refused to affiliate-only users, who have no onboarding', async () => {
    const { email, browser } = await signedInUser(server);
    await server.services.accounts.grant(email, { affiliateOnly: true });
    const res = await browser.post('/api/onboarding/complete');
    expect(res.status).toBe(403);
    expect((await browser.get('/api/onboarding/search-terms')).status).toBe(403);
  });
});

describe('/api/onboarding/accounts', () => {
  it('lets a free creator add their first username within the free tier, until onboarding is complete', async () => {
    const { browser } = await signedInUser(server);
    expect(
      (await browser.post('/api/accounts', { platform: 'onlyfans', username: 'jane_doe' })).status,
    ).toBe(403);

    const invalid = await browser.post<{ code: string; fields: Record<string, string> }>(
      '/api/onboarding/accounts',
      { platform: 'myspace', username: '' },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toMatchObject({ platform: 'Choose a platform.' });

    const added = await browser.post<{
      id: string;
      username: string;
      platform: string;
      isVerified: boolean;
    }>('/api/onboarding/accounts', {
      platform: 'onlyfans',
      username: '@jane_doe',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      platform: 'onlyfans',
      username: 'jane_doe',
      isVerified: false,
    });
    const second = await browser.post('/api/onboarding/accounts', {
      platform: 'fansly',
      username: 'jane_doe',
    });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      limit: { name: 'usernames', allowed: 1, upgradeTier: 'standard' },
    });

    const list = await browser.get<{ accounts: { id: string }[] }>('/api/onboarding/accounts');
    expect(list.body.accounts.map((a) => a.id)).toEqual([added.body.id]);
    // Suggestions are made from it.
    const refreshed = await browser.post<RefreshSuggestionsResult>(
      '/api/onboarding/search-terms/suggestions/refresh',
    );
    expect(refreshed.body.list.suggested[0]).toMatchObject({
      term: 'jane_doe',
      suggestedFrom: { accountId: added.body.id },
    });

    const other = await signedInUser(server);
    expect(
      (await other.browser.request('DELETE', `/api/onboarding/accounts/${added.body.id}`)).status,
    ).toBe(404);
    expect(
      (await other.browser.get<{ accounts: unknown[] }>('/api/onboarding/accounts')).body.accounts,
    ).toEqual([]);
    expect((await new TestClient(server.url).get('/api/onboarding/accounts')).status).toBe(401);

    expect(
      (await browser.request('DELETE', `/api/onboarding/accounts/${added.body.id}`)).status,
    ).toBe(204);
    await browser.post('/api/onboarding/accounts', { platform: 'instagram', username: 'jane.doe' });
    await browser.post('/api/onboarding/complete');
    expect((await browser.get('/api/onboarding/accounts')).status).toBe(403);
    expect(
      (await browser.post('/api/onboarding/accounts', { platform: 'x', username: 'jane' })).status,
    ).toBe(403);
  });
});

describe('/api/onboarding/search-terms', () => {
  it('lets a free creator pick first terms within the free tier, until onboarding is complete', async () => {
    const { email, browser } = await signedInUser(server);
    const { id } = await server.services.accounts.showByEmail(email);
    // The regular screen stays closed to them.
    expect((await browser.get('/api/search-terms')).status).toBe(403);

    await addUsername(id, 'jane_doe');
    const refreshed = await browser.post<RefreshSuggestionsResult>(
      '/api/onboarding/search-terms/suggestions/refresh',
    );
    expect(refreshed.status).toBe(200);
    const suggested = refreshed.body.list.suggested;
    expect(suggested.length).toBeGreaterThan(3);

    const accepted = await browser.post<{
      accepted: SearchTerm[];
      notAccepted: string[];
      limitMessage: string | null;
    }>('/api/onboarding/search-terms/accept', { ids: suggested.map((s) => s.id) });
    expect(accepted.status).toBe(200);
    expect(accepted.body.accepted).toHaveLength(3);
    expect(accepted.body.limitMessage).toBe(
      'Without a subscription you get 3 search terms, and you use 3 search terms. Standard includes 10 search terms.',
    );
    const own = await browser.post('/api/onboarding/search-terms', { term: 'Jane Doe' });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ code: 'PLAN_LIMIT_REACHED' });

    // Removing one makes room for the creator's own term.
    expect(
      (
        await browser.request(
          'DELETE',
          `/api/onboarding/search-terms/${accepted.body.accepted[2]!.id}`,
        )
      ).status,
    ).toBe(204);
    expect((await browser.post('/api/onboarding/search-terms', { term: 'Jane Doe' })).status).toBe(
      201,
    );
    const list = await browser.get<SearchTermList>('/api/onboarding/search-terms');
    expect(list.body.active.map((t) => t.term)).toEqual([
      'jane_doe',
      'jane_doe leaked',
      'Jane Doe',
    ]);
    expect(
      (await browser.get<{ usage: { searchTerms: number } }>('/api/usage')).body.usage.searchTerms,
    ).toBe(3);

    await browser.post('/api/onboarding/complete');
    const closed = await browser.get('/api/onboarding/search-terms');
    expect(closed.status).toBe(403);
    expect(closed.body).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/onboarding is complete/),
    });
    expect(
      (await browser.post('/api/onboarding/search-terms', { term: 'Bella Rose' })).status,
    ).toBe(403);
  });

  it('validates like the regular routes and keeps creators apart', async () => {
    const a = await signedInUser(server);
    const b = await signedInUser(server);
    const bad = await a.browser.post<{ fields: Record<string, string> }>(
      '/api/onboarding/search-terms',
      { term: 'leaked' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields.term).toMatch(/Add a name or username/);
    const term = await a.browser.post<SearchTerm>('/api/onboarding/search-terms', {
      term: 'Jane Doe',
    });
    expect(
      (await b.browser.request('DELETE', `/api/onboarding/search-terms/${term.body.id}`)).status,
    ).toBe(404);
    expect(
      (await b.browser.get<SearchTermList>('/api/onboarding/search-terms')).body.active,
    ).toEqual([]);
    expect((await new TestClient(server.url).get('/api/onboarding/search-terms')).status).toBe(401);
  });

  it('serves subscribers too, with their plan’s limit', async () => {
    const { email, browser } = await signedInUser(server);
    await server.services.accounts.grant(email, { status: 'subscribed', plan: 'standard' });
    for (let i = 1; i <= 10; i++) {
      expect(
        (await browser.post('/api/onboarding/search-terms', { term: `jane doe ${i}` })).status,
      ).toBe(201);
    }
    const eleventh = await browser.post('/api/onboarding/search-terms', { term: 'jane doe 11' });
    expect(eleventh.body).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      limit: { allowed: 10, tier: 'standard' },
    });
  });
});
