// GET /api/usage, and the entitlement rules every set-up route applies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { signedInUser } from '#server/testing/users.ts';
import { AppError } from '#server/http/app-error.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/usage', () => {
  it('requires sign-in', async () => {
    const res = await new TestClient(server.url).get('/api/usage');
    expect(res.status).toBe(401);
  });

  it("gives the free tier's limits without a subscription, and the plan's once subscribed", async () => {
    const { email, browser } = await signedInUser(server);
    const free = await browser.get('/api/usage');
    expect(free.status).toBe(200);
    expect(free.body).toEqual({
      tier: 'free',
      tierName: 'Free',
      limits: server.services.catalog.tiers.free.limits,
      usage: { usernames: 0, searchTerms: 0, whitelistEntries: 0, referenceStorageBytes: 0 },
    });
    await server.services.accounts.grant(email, { status: 'subscribed', plan: 'plus' });
    const plus = await browser.get('/api/usage');
    expect(plus.body).toMatchObject({
      tier: 'plus',
      tierName: 'Plus',
      limits: server.services.catalog.tiers.plus.limits,
    });
  });
});

describe('the upgrade suggestion on GET /api/user', () => {
  it('appears once a subscriber reaches a limit, and an operator’s own words come first', async () => {
    const { email, browser } = await signedInUser(server);
    await server.services.accounts.grant(email, { status: 'subscribed', plan: 'standard' });
    const me = async () =>
      (
        await browser.get<{
          shouldShowUpgrade: boolean;
          suggestUpgradeCustomMessage: string | null;
        }>('/api/user')
      ).body;
    expect(await me()).toMatchObject({
      shouldShowUpgrade: false,
      suggestUpgradeCustomMessage: null,
    });

    for (const username of ['first_name', 'second_name']) {
      const added = await browser.post('/api/accounts', { platform: 'onlyfans', username });
      expect(added.status).toBe(201);
    }
    expect(await me()).toMatchObject({
      shouldShowUpgrade: true,
      suggestUpgradeCustomMessage:
        'You use all 2 usernames of Standard. Plus gives you 5 usernames.',
    });

    await server.services.accounts.grant(email, {
      suggestUpgrade: 'Premium adds impersonation protection',
    });
    expect(await me()).toMatchObject({
      shouldShowUpgrade: true,
      suggestUpgradeCustomMessage: 'Premium adds impersonation protection',
    });
  });
});

describe('entitlements', () => {
  const userIdOf = async (email: string) => (await server.services.accounts.showByEmail(email)).id;

  it('lets subscribed users set up and upload, promoProtect users set up only, others neither', async () => {
    const { entitlements, accounts } = server.services;
    const subscribed = await signedInUser(server);
    await accounts.grant(subscribed.email, { status: 'subscribed', plan: 'standard' });
    const promo = await signedInUser(server);
    await accounts.grant(promo.email, { features: ['promoProtect'] });
    const former = await signedInUser(server);
    await accounts.grant(former.email, {
      status: 'former',
      features: ['explicitlyShowUploadFiles'],
    });

    await expect(
      entitlements.require(await userIdOf(subscribed.email), 'uploads'),
    ).resolves.toMatchObject({ tier: 'standard' });
    await expect(entitlements.require(await userIdOf(promo.email), 'setup')).resolves.toMatchObject(
      { tier: 'free' },
    );
    await expect(
      entitlements.require(await userIdOf(promo.email), 'uploads'),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(entitlements.require(await userIdOf(former.email), 'setup')).rejects.toMatchObject(
      { code: 'FORBIDDEN' },
    );
  });

  it('names the limit and the plan that lifts it', async () => {
    const { entitlements, accounts } = server.services;
    const { email } = await signedInUser(server);
    await accounts.grant(email, { status: 'subscribed', plan: 'standard' });
    const entitled = await entitlements.require(await userIdOf(email), 'setup');
    expect(() => entitlements.assertWithin(entitled, 'usernames', 1)).not.toThrow();
    let error: unknown;
    try {
      entitlements.assertWithin(entitled, 'usernames', 2);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(403);
    expect((error as AppError).toBody()).toEqual({
      code: 'PLAN_LIMIT_REACHED',
      message:
        'Your Standard plan includes 2 usernames, and you use 2 usernames. Plus includes 5 usernames.',
      limit: { name: 'usernames', allowed: 2, used: 2, tier: 'standard', upgradeTier: 'plus' },
    });
    expect(() =>
      entitlements.assertWithin(entitled, 'referenceStorageBytes', 5 * 1024 ** 3 - 10, 11),
    ).toThrow(/5 GB of reference storage.*Plus includes 20 GB/);
  });
});
