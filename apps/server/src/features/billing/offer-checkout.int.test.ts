// Paid custom offers through Stripe Checkout (billing online): the claim answers Checkout at the offer's
// own price; the paid subscription makes her subscribed on the offer's plan with its features, once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingSummary } from '@shark/contracts/billing.ts';
import type { ApiError } from '@shark/contracts/http.ts';
import type { ClaimOfferResult, CreateOffer } from '@shark/contracts/offers.ts';
import type { User } from '@shark/contracts/user.ts';
import { accountState } from '@shark/db/schema.ts';
import type { TestServer } from '#server/testing/test-server.ts';
import type { TestClient } from '#server/testing/http-client.ts';
import { signedInUser } from '#server/testing/users.ts';
import { type StripeStandIn } from './testing/stripe-stand-in.ts';
import { startBillingTestServer, type BillingTestServer } from './testing/billing-test-server.ts';

let stripe: StripeStandIn;
let server: TestServer;

let billing: BillingTestServer;

beforeAll(async () => {
  billing = await startBillingTestServer();
  ({ server, stripe } = billing);
});
afterAll(async () => {
  await billing?.close();
});

const userOf = async (browser: TestClient) => (await browser.get<User>('/api/user')).body;
const billingOf = async (browser: TestClient) =>
  (await browser.get<BillingSummary>('/api/billing')).body;
const claim = (browser: TestClient, id: string) =>
  browser.post<ClaimOfferResult & ApiError>(`/api/custom-offers/${encodeURIComponent(id)}/claim`);
const paidOffer = (input: Partial<CreateOffer> = {}) =>
  server.services.offers.create({
    plan: 'standard',
    interval: 'annual',
    currency: 'eur',
    price: 12345,
    features: ['impersonation'],
    ...input,
  });

describe('paid custom offers with online billing', () => {
  it('claim → Checkout at the offer’s price → paid → subscribed on its plan with its features', async () => {
    const { browser } = await signedInUser(server);
    const me = await userOf(browser);
    const offer = await paidOffer();
    const claimed = await claim(browser, offer.id);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({
      next: 'payment',
      isNewClaim: true,
      message: 'The offer is reserved for you. Complete the payment to start your plan.',
    });
    const url = claimed.body.checkoutUrl!;
    expect(url.startsWith(`${stripe.url}/c/pay/`)).toBe(true);
    const session = stripe.checkoutSession(url.split('/').at(-1)!);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: me.id,
      metadata: { userId: me.id, plan: 'standard', interval: 'annual', offerId: offer.id },
      cancel_url: `${server.url}/custom-offer/${offer.id}?checkout=cancelled`,
    });
    expect((session._line as { price: unknown }).price).toMatchObject({
      currency: 'eur',
      unit_amount: 12345,
      product: 'shark_standard',
      recurring: { interval: 'year' },
    });
    expect((await userOf(browser)).frontendStatus).toBe('free');

    const { events } = stripe.payCheckout(session.id as string);
    stripe.pending.length = 0;
    // Every event delivered twice: the grant is applied once.
    for (const event of events) {
      expect((await stripe.deliver(event)).body).toEqual({ received: true, duplicate: false });
      expect((await stripe.deliver(event)).body).toEqual({ received: true, duplicate: true });
    }
    expect(await userOf(browser)).toMatchObject({
      frontendStatus: 'subscribed',
      effectiveSpecialFeatures: ['submitLeak', 'impersonation'],
    });
    const [state] = await server.services.database.db
      .select()
      .from(accountState)
      .where(eq(accountState.userId, me.id));
    expect(state?.grantedFeatures).toEqual(['impersonation']);
    expect(await billingOf(browser)).toMatchObject({
      subscription: { plan: 'standard', interval: 'annual', currency: 'eur', status: 'active' },
      payments: [{ amount: 12345, currency: 'eur' }],
    });
  });

  it('does not grant the features again on later events, nor keep them from being removed', async () => {
    const { browser, email } = await signedInUser(server);
    const offer = await paidOffer({
      plan: 'plus',
      interval: 'monthly',
      currency: 'usd',
      price: 777,
      features: ['promoProtect'],
    });
    const { subscriptionId } = stripe.payCheckout(
      (await claim(browser, offer.id)).body.checkoutUrl!.split('/').at(-1)!,
    );
    await stripe.flush();
    expect((await userOf(browser)).effectiveSpecialFeatures).toContain('promoProtect');
    // The operator takes the extra feature away; a renewal does not bring it back.
    await server.services.accounts.grant(email, { features: [] });
    stripe.renew(subscriptionId);
    expect((await stripe.flush()).map((a) => a.status)).toEqual([200, 200]);
    expect(await userOf(browser)).toMatchObject({
      frontendStatus: 'subscribed',
      effectiveSpecialFeatures: ['submitLeak', 'searchEngineRemovals'],
    });
  });

  it('an ordinary checkout grants no offer features', async () => {
    const { browser } = await signedInUser(server);
    const res = await browser.post<{ url: string }>('/api/billing/checkout', {
      plan: 'standard',
      interval: 'monthly',
      currency: 'usd',
    });
    stripe.payCheckout(res.body.url.split('/').at(-1)!);
    await stripe.flush();
    expect(await userOf(browser)).toMatchObject({
      frontendStatus: 'subscribed',
      effectiveSpecialFeatures: ['submitLeak'],
    });
  });

  it('with a running subscription the offer is reserved and the operator arranges the switch (no second subscription)', async () => {
    const { browser } = await signedInUser(server);
    const res = await browser.post<{ url: string }>('/api/billing/checkout', {
      plan: 'standard',
      interval: 'monthly',
      currency: 'usd',
    });
    stripe.payCheckout(res.body.url.split('/').at(-1)!);
    await stripe.flush();
    const claimed = await claim(browser, (await paidOffer()).id);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ next: 'payment', checkoutUrl: null });
    expect(claimed.body.message).toMatch(/contact you/);
  });
});
