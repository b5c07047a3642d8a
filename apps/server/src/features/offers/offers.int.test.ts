// Custom offers over HTTP in every state: the public page's answer, claiming (free → granted, paid →
// payment next), idempotent re-claims, single-use races, limits, and sign-in.
import type { ApiError } from '@shark/contracts/http.ts';
import type { ClaimOfferResult, CreateOffer, PublicOffer } from '@shark/contracts/offers.ts';
import type { User } from '@shark/contracts/user.ts';
import { billingSubscription, customOffer } from '@shark/db/schema.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#server/testing/http-client.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import { insertCreator } from '#server/features/takedowns/testing/takedown-test-fixtures.ts';
import { createAccountStateRepository } from '#server/features/user/account-state-repository.ts';
import { accountsOn } from '#server/features/user/account-service.ts';
import { createOfferRepository } from './offer-repository.ts';
import { createOfferService, type StartCheckout } from './offer-service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const premium: CreateOffer = { plan: 'premium', interval: 'monthly', currency: 'usd', price: 0 };

async function createOffer(input: Partial<CreateOffer> = {}) {
  return server.services.offers.create({ ...premium, ...input });
}

const claim = (browser: TestClient, id: string) =>
  browser.post<ClaimOfferResult & ApiError>(`/api/custom-offers/${encodeURIComponent(id)}/claim`);
const show = (id: string) =>
  new TestClient(server.url).get<PublicOffer & ApiError>(
    `/api/custom-offers/${encodeURIComponent(id)}`,
  );
async function signedInUserWithId() {
  const user = await signedInUser(server);
  return { ...user, id: (await me(user.browser)).id };
}
const stateOf = (userId: string) =>
  createAccountStateRepository(server.services.database.db).findState(userId);
const me = async (browser: TestClient) => (await browser.get<User>('/api/user')).body;
const claimCount = async (id: string) =>
  (
    await server.services.database.db
      .select({ n: customOffer.claimCount })
      .from(customOffer)
      .where(eq(customOffer.id, id))
  )[0]?.n;

describe('GET /api/custom-offers/{id} (public)', () => {
  it('shows an active offer without sign-in, and never who claimed it', async () => {
    const offer = await createOffer({
      price: 2999,
      features: ['promoProtect'],
      headline: 'For you',
      maxClaims: 1,
      expiresAt: '2099-01-31T23:59:59.999Z',
    });
    const response = await show(offer.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: offer.id,
      plan: 'premium',
      interval: 'monthly',
      currency: 'usd',
      price: 2999,
      features: ['promoProtect'],
      headline: 'For you',
      expiresAt: '2099-01-31T23:59:59.999Z',
      isSingleUse: true,
      state: 'active',
      stateMessage: null,
    });
    const { browser } = await signedInUser(server);
    expect((await claim(browser, offer.id)).status).toBe(200);
    const after = await show(offer.id);
    expect(after.body).toMatchObject({
      state: 'used_up',
      stateMessage: 'This offer has already been claimed.',
    });
    expect(Object.keys(after.body).sort()).toEqual(Object.keys(response.body).sort());
    expect(JSON.stringify(after.body)).not.toMatch(/claim(s|Count|edBy)|userId|email/i);
  });

  it('answers 404 with a clear message for an unknown offer', async () => {
    const response = await show('off_nosuchoffer');
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/no offer at this link/i);
  });

  it('says when an offer has expired or was withdrawn', async () => {
    const expired = await createOffer();
    await server.services.database.db
      .update(customOffer)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(customOffer.id, expired.id));
    expect((await show(expired.id)).body).toMatchObject({
      state: 'expired',
      stateMessage: 'This offer has expired.',
    });
    const revoked = await createOffer();
    await server.services.offers.revoke(revoked.id);
    expect((await show(revoked.id)).body).toMatchObject({
      state: 'revoked',
      stateMessage: 'This offer has been withdrawn.',
    });
  });
});

describe('POST /api/custom-offers/{id}/claim', () => {
  it('requires sign-in, whatever the id', async () => {
    const offer = await createOffer();
    const anonymous = new TestClient(server.url);
    for (const id of [offer.id, 'off_nosuchoffer']) {
      const response = await claim(anonymous, id);
      expect(response.status).toBe(401);
    }
    expect(await claimCount(offer.id)).toBe(0);
  });

  it('grants a free offer at once: subscribed on the plan, with the offer’s features on top of earlier grants', async () => {
    const user = await signedInUser(server);
    await server.services.accounts.grant(user.email, { features: ['submitLeak'] });
    const offer = await createOffer({ plan: 'standard', features: ['impersonation'] });
    const response = await claim(user.browser, offer.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      next: 'granted',
      checkoutUrl: null,
      isNewClaim: true,
      offer: { id: offer.id, state: 'active' },
    });
    const after = await me(user.browser);
    expect(after.frontendStatus).toBe('subscribed');
    expect(after.effectiveSpecialFeatures).toEqual(
      expect.arrayContaining(['submitLeak', 'impersonation']),
    );
    const detail = await server.services.offers.show(offer.id);
    expect(detail.claims).toEqual([expect.objectContaining({ email: user.email })]);
  });

  it('never lowers a higher plan she already has', async () => {
    const user = await signedInUserWithId();
    await server.services.accounts.grant(user.email, { status: 'subscribed', plan: 'premium' });
    const offer = await createOffer({ plan: 'standard', features: ['promoProtect'] });
    expect((await claim(user.browser, offer.id)).status).toBe(200);
    expect(await stateOf(user.id)).toMatchObject({ status: 'subscribed', plan: 'premium' });
    expect((await me(user.browser)).effectiveSpecialFeatures).toContain('promoProtect');
  });

  it('leaves a subscription she pays for online in charge: features only, and no higher plan', async () => {
    const user = await signedInUserWithId();
    await server.services.accounts.grant(user.email, { status: 'subscribed', plan: 'plus' });
    await server.services.database.db.insert(billingSubscription).values({
      id: `sub_offer_${user.id}`,
      userId: user.id,
      status: 'active',
      plan: 'plus',
      interval: 'monthly',
      currency: 'usd',
      currentPeriodEnd: new Date(Date.now() + 20 * 24 * 3600 * 1000),
      lastEventAt: new Date(),
    });

    const lower = await createOffer({ plan: 'standard', features: ['promoProtect'] });
    expect((await claim(user.browser, lower.id)).status).toBe(200);
    expect(await stateOf(user.id)).toMatchObject({ status: 'subscribed', plan: 'plus' });
    expect((await me(user.browser)).effectiveSpecialFeatures).toContain('promoProtect');

    const higher = await createOffer({ plan: 'premium' });
    const refused = await claim(user.browser, higher.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/You pay for the Plus plan online/);
    // Refused as a whole: no claim is left behind and the offer stays claimable.
    expect(await claimCount(higher.id)).toBe(0);
    expect(await stateOf(user.id)).toMatchObject({ status: 'subscribed', plan: 'plus' });
  });

  it('reserves a paid offer and says payment comes next; without online billing the operator arranges it', async () => {
    const user = await signedInUser(server);
    const offer = await createOffer({ price: 4999, interval: 'annual', currency: 'eur' });
    const response = await claim(user.browser, offer.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ next: 'payment', checkoutUrl: null, isNewClaim: true });
    expect(response.body.message).toMatch(/contact you/);
    expect((await me(user.browser)).frontendStatus).toBe('free');
    expect(await claimCount(offer.id)).toBe(1);
  });

  it('is idempotent: claiming again answers the first claim and counts once', async () => {
    const user = await signedInUser(server);
    const offer = await createOffer({ maxClaims: 1 });
    const first = await claim(user.browser, offer.id);
    const second = await claim(user.browser, offer.id);
    expect(first.body.isNewClaim).toBe(true);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      isNewClaim: false,
      claimedAt: first.body.claimedAt,
      next: 'granted',
    });
    expect(await claimCount(offer.id)).toBe(1);
  });

  it('refuses a single-use offer already claimed by someone else (409), and unknown offers (404)', async () => {
    const offer = await createOffer({ maxClaims: 1 });
    const a = await signedInUser(server);
    const b = await signedInUser(server);
    expect((await claim(a.browser, offer.id)).status).toBe(200);
    const refused = await claim(b.browser, offer.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This offer has already been claimed.');
    expect((await me(b.browser)).frontendStatus).toBe('free');
    const unknown = await claim(b.browser, 'off_nosuchoffer');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/no offer at this link/i);
  });

  it('lets a multi-use offer be claimed up to its limit', async () => {
    const offer = await createOffer({ maxClaims: 2, price: 1000 });
    const users = [
      await signedInUser(server),
      await signedInUser(server),
      await signedInUser(server),
    ];
    const statuses = [];
    for (const u of users) statuses.push((await claim(u.browser, offer.id)).status);
    expect(statuses).toEqual([200, 200, 409]);
    expect(await claimCount(offer.id)).toBe(2);
    expect((await show(offer.id)).body.state).toBe('used_up');
  });

  it('refuses expired and revoked offers with their own messages (409), without counting', async () => {
    const user = await signedInUser(server);
    const expired = await createOffer();
    await server.services.database.db
      .update(customOffer)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customOffer.id, expired.id));
    const revoked = await createOffer();
    await server.services.offers.revoke(revoked.id);
    const e = await claim(user.browser, expired.id);
    expect([e.status, e.body.message]).toEqual([409, 'This offer has expired.']);
    const r = await claim(user.browser, revoked.id);
    expect([r.status, r.body.message]).toEqual([409, 'This offer has been withdrawn.']);
    expect(await claimCount(expired.id)).toBe(0);
    expect(await claimCount(revoked.id)).toBe(0);
    expect((await me(user.browser)).frontendStatus).toBe('free');
  });

  it('lets exactly one of two simultaneous claims of a single-use offer win', async () => {
    const offer = await createOffer({ maxClaims: 1 });
    const a = await signedInUser(server);
    const b = await signedInUser(server);
    const results = await Promise.all([claim(a.browser, offer.id), claim(b.browser, offer.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await claimCount(offer.id)).toBe(1);
    const subscribed = [
      (await me(a.browser)).frontendStatus,
      (await me(b.browser)).frontendStatus,
    ].sort();
    expect(subscribed).toEqual(['free', 'subscribed']);
  });
});

describe('the API document', () => {
  it('describes both offer endpoints', async () => {
    const doc = await new TestClient(server.url, null).get<{ paths: Record<string, unknown> }>(
      '/api/openapi.json',
    );
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/custom-offers/{customOfferId}',
        '/custom-offers/{customOfferId}/claim',
      ]),
    );
  });
});

describe('the offer service', () => {
  it('never counts past max_claims under many concurrent claims', async () => {
    const offer = await createOffer({ maxClaims: 3, price: 500 });
    const db = server.services.database.db;
    const userIds = await Promise.all(
      Array.from({ length: 8 }, (_, i) => insertCreator(db, `Racer ${i}`)),
    );
    const outcomes = await Promise.allSettled(
      userIds.map((id) =>
        server.services.offers.claim({ id, email: `${id}@example.com` }, offer.id),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(await claimCount(offer.id)).toBe(3);
    expect((await server.services.offers.show(offer.id)).claims).toHaveLength(3);
  });

  it('hands a paid claim to billing’s startCheckout when one is wired in', async () => {
    const calls: [string, string][] = [];
    const startCheckout: StartCheckout = (userId, offer) => {
      calls.push([userId, offer.id]);
      return Promise.resolve({ url: `https://pay.example/checkout/${offer.id}` });
    };
    const offers = createOfferService({
      repo: createOfferRepository(server.services.database.db, (tx) =>
        accountsOn(tx, { standard: [], plus: [], premium: [] }),
      ),
      publicUrl: server.url,
      startCheckout,
    });
    const offer = await offers.create({ ...premium, price: 1999 });
    const userId = await insertCreator(server.services.database.db);
    const result = await offers.claim({ id: userId, email: `${userId}@example.com` }, offer.id);
    expect(result).toMatchObject({
      next: 'payment',
      checkoutUrl: `https://pay.example/checkout/${offer.id}`,
    });
    expect(calls).toEqual([[userId, offer.id]]);
  });

  it('refuses bad offers with a clear message', async () => {
    await expect(createOffer({ price: -1 })).rejects.toThrow(/cannot be negative/);
    await expect(createOffer({ currency: 'dollars' })).rejects.toThrow(/three-letter/);
    await expect(createOffer({ expiresAt: '2001-01-01T00:00:00Z' })).rejects.toThrow(/in the past/);
    await expect(createOffer({ maxClaims: 0 })).rejects.toThrow(/at least one claim/);
    await expect(server.services.offers.show('off_nosuchoffer')).rejects.toThrow(
      /No offer with the id/,
    );
  });
});
