// Billing end to end against the Stripe stand-in: Checkout, the portal, cancel/reactivate, plan changes,
// and webhook sequences (duplicates, reordering, bad signatures) driving the subscription lifecycle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ONLINE_PAYMENT_NOT_CONFIGURED,
  type BillingSummary,
  type CheckoutResult,
} from '@shark/contracts/billing.ts';
import type { PlanCatalog } from '@shark/contracts/plans.ts';
import type { User } from '@shark/contracts/user.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { signedInUser } from '#server/testing/users.ts';
import { signPayload, type StripeStandIn } from './testing/stripe-stand-in.ts';
import { startBillingTestServer, type BillingTestServer } from './testing/billing-test-server.ts';

const DAY_MS = 24 * 3600 * 1000;

let stripe: StripeStandIn;
let server: TestServer;

let billing: BillingTestServer;

beforeAll(async () => {
  billing = await startBillingTestServer({ BILLING_GRACE_DAYS: '7' });
  ({ server, stripe } = billing);
});
afterAll(async () => {
  await billing?.close();
});

const userOf = async (browser: TestClient) => (await browser.get<User>('/api/user')).body;
const billingOf = async (browser: TestClient) =>
  (await browser.get<BillingSummary>('/api/billing')).body;

async function startCheckout(
  browser: TestClient,
  plan = 'standard',
  interval = 'monthly',
  currency = 'usd',
) {
  const res = await browser.post<CheckoutResult>('/api/billing/checkout', {
    plan,
    interval,
    currency,
  });
  expect(res.status).toBe(200);
  const url = res.body.url!;
  expect(url.startsWith(`${stripe.url}/c/pay/`)).toBe(true);
  return url.split('/').at(-1)!;
}

/** A signed-in creator who paid Checkout, every event delivered in order. */
async function subscriber(plan = 'standard', interval = 'monthly') {
  const user = await signedInUser(server);
  const sessionId = await startCheckout(user.browser, plan, interval);
  const { subscriptionId } = stripe.payCheckout(sessionId);
  for (const answer of await stripe.flush())
    expect(answer).toEqual({ status: 200, body: { received: true, duplicate: false } });
  return { ...user, subscriptionId };
}

describe('checkout', () => {
  it('opens Checkout for the plan, and the paid session makes the creator subscribed', async () => {
    const { browser } = await signedInUser(server);
    const me = await userOf(browser);
    const sessionId = await startCheckout(browser, 'plus', 'annual', 'eur');
    const session = stripe.checkoutSession(sessionId);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: me.id,
      metadata: { userId: me.id, plan: 'plus', interval: 'annual' },
      success_url: `${server.url}/plans?checkout=success`,
      cancel_url: `${server.url}/plans?checkout=cancelled`,
    });
    expect((session._line as { price: unknown }).price).toMatchObject({
      currency: 'eur',
      unit_amount: 91190,
      product: 'shark_plus',
      recurring: { interval: 'year' },
    });
    // Nothing changes until Stripe says she paid.
    expect((await userOf(browser)).frontendStatus).toBe('free');

    stripe.payCheckout(sessionId);
    const answers = await stripe.flush();
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);

    expect(await userOf(browser)).toMatchObject({
      frontendStatus: 'subscribed',
      isCancelledButActive: false,
      effectiveSpecialFeatures: ['submitLeak', 'searchEngineRemovals'],
    });
    const billing = await billingOf(browser);
    expect(billing).toMatchObject({
      mode: 'online',
      subscription: {
        plan: 'plus',
        interval: 'annual',
        currency: 'eur',
        status: 'active',
        cancelAtPeriodEnd: false,
        graceUntil: null,
      },
      payments: [{ amount: 91190, currency: 'eur', source: 'stripe' }],
    });
    expect(billing.payments[0]!.invoiceUrl).toMatch(new RegExp(`^${stripe.url}/invoices/`));
  });

  it('reuses the creator’s Stripe customer for a second checkout', async () => {
    const { browser } = await signedInUser(server);
    const first = stripe.checkoutSession(await startCheckout(browser));
    const second = stripe.checkoutSession(await startCheckout(browser));
    expect(second.customer).toBe(first.customer);
  });

  it('refuses a currency or plan the catalog does not sell, with a message', async () => {
    const { browser } = await signedInUser(server);
    const currency = await browser.post('/api/billing/checkout', {
      plan: 'standard',
      interval: 'monthly',
      currency: 'jpy',
    });
    expect(currency.status).toBe(400);
    expect(currency.body.message).toMatch(/not sold in JPY/);
    const plan = await browser.post('/api/billing/checkout', {
      plan: 'gold',
      interval: 'monthly',
      currency: 'usd',
    });
    expect(plan.status).toBe(400);
    const interval = await browser.post('/api/billing/checkout', {
      plan: 'plus',
      interval: 'weekly',
      currency: 'usd',
    });
    expect(interval.status).toBe(400);
  });

  it('changes the running subscription’s plan in place (upgrade and downgrade), priced in its currency', async () => {
    const { browser, subscriptionId } = await subscriber('standard', 'monthly');
    const up = await browser.post<CheckoutResult>('/api/billing/checkout', {
      plan: 'premium',
      interval: 'annual',
      currency: 'usd',
    });
    expect(up.status).toBe(200);
    expect(up.body.url).toBeNull();
    expect(up.body.billing?.subscription).toMatchObject({
      plan: 'premium',
      interval: 'annual',
      status: 'active',
    });
    const item = (
      stripe.subscription(subscriptionId).items as { data: { price: Record<string, unknown> }[] }
    ).data[0]!;
    expect(item.price).toMatchObject({
      unit_amount: 191990,
      currency: 'usd',
      product: 'shark_premium',
      recurring: { interval: 'year' },
    });
    expect((await userOf(browser)).effectiveSpecialFeatures).toContain('impersonation');
    // Stripe's confirming event changes nothing more.
    expect((await stripe.flush()).map((a) => a.status)).toEqual([200]);
    expect(await userOf(browser)).toMatchObject({
      frontendStatus: 'subscribed',
      effectiveSpecialFeatures: ['submitLeak', 'impersonation', 'searchEngineRemovals'],
    });

    const down = await browser.post<CheckoutResult>('/api/billing/checkout', {
      plan: 'standard',
      interval: 'annual',
      currency: 'usd',
    });
    expect(down.body.billing?.subscription).toMatchObject({ plan: 'standard', interval: 'annual' });
    await stripe.flush();
    expect((await userOf(browser)).effectiveSpecialFeatures).toEqual(['submitLeak']);

    const same = await browser.post('/api/billing/checkout', {
      plan: 'standard',
      interval: 'annual',
      currency: 'usd',
    });
    expect(same.status).toBe(409);
    expect(same.body.message).toMatch(/already on Standard/);
  });
});

describe('webhooks', () => {
  it('applies an event delivered twice once', async () => {
    const { browser } = await signedInUser(server);
    const { events } = stripe.payCheckout(await startCheckout(browser));
    stripe.pending.length = 0;
    for (const event of events) {
      expect(await stripe.deliver(event)).toEqual({
        status: 200,
        body: { received: true, duplicate: false },
      });
      expect(await stripe.deliver(event)).toEqual({
        status: 200,
        body: { received: true, duplicate: true },
      });
    }
    const billing = await billingOf(browser);
    expect(billing.payments).toHaveLength(1);
    expect((await userOf(browser)).frontendStatus).toBe('subscribed');
  });

  it('refuses a bad, missing or stale signature and a tampered body with 400, changing nothing', async () => {
    const { browser } = await signedInUser(server);
    const { events } = stripe.payCheckout(await startCheckout(browser));
    stripe.pending.length = 0;
    const paid = events.find((e) => e.type === 'invoice.paid')!;

    const wrongSecret = await stripe.deliver(paid, { secret: 'whsec_not_the_right_one' });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The webhook signature is missing or invalid.',
    });
    expect((await stripe.deliver(paid, { header: null })).status).toBe(400);
    const stale = signPayload(
      JSON.stringify(paid, null, 2),
      stripe.webhookSecret,
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect((await stripe.deliver(paid, { header: stale })).status).toBe(400);
    const tampered = await fetch(stripe.webhookUrl!, {
      method: 'POST',
      headers: { 'stripe-signature': signPayload(JSON.stringify(paid), stripe.webhookSecret) },
      body: JSON.stringify({ ...paid, type: 'customer.subscription.deleted' }),
    });
    expect(tampered.status).toBe(400);

    expect((await userOf(browser)).frontendStatus).toBe('free');
    expect((await billingOf(browser)).payments).toEqual([]);
    // The refused deliveries were not recorded: the genuine ones still apply.
    for (const event of events)
      expect((await stripe.deliver(event)).body).toEqual({ received: true, duplicate: false });
    expect((await userOf(browser)).frontendStatus).toBe('subscribed');
  });

  it('subscribes whatever order the first events come in', async () => {
    const { browser } = await signedInUser(server);
    const { events } = stripe.payCheckout(await startCheckout(browser));
    stripe.pending.length = 0;
    for (const event of [...events].reverse())
      expect((await stripe.deliver(event)).status).toBe(200);
    expect((await userOf(browser)).frontendStatus).toBe('subscribed');
    expect((await billingOf(browser)).payments).toHaveLength(1);
  });

  it('a payment failure delivered after the renewal that followed it does not undo the renewal', async () => {
    const { browser, subscriptionId } = await subscriber();
    const failure = stripe.failRenewal(subscriptionId);
    stripe.pending.length = 0;
    stripe.advance(3600);
    stripe.renew(subscriptionId);
    expect((await stripe.flush()).map((a) => a.status)).toEqual([200, 200]);
    for (const event of failure)
      expect((await stripe.deliver(event)).body).toEqual({ received: true, duplicate: false });

    expect((await billingOf(browser)).subscription).toMatchObject({
      status: 'active',
      graceUntil: null,
    });
    expect((await userOf(browser)).frontendStatus).toBe('subscribed');
    expect((await billingOf(browser)).payments).toHaveLength(2);
  });

  it('does not let a slow, older event overwrite what a newer one applied', async () => {
    const { browser, subscriptionId } = await subscriber();
    // She cancels in the portal; that event's handler reads the subscription, then stalls.
    const [cancelled] = stripe.setCancelAtPeriodEnd(subscriptionId, true);
    stripe.pending.length = 0;
    const hold = stripe.holdNextRetrieve();
    const slow = stripe.deliver(cancelled!);
    await hold.arrived;
    // Meanwhile she reactivates, and that newer event is applied first.
    stripe.advance(60);
    stripe.setCancelAtPeriodEnd(subscriptionId, false);
    expect((await stripe.flush()).map((a) => a.status)).toEqual([200]);
    hold.release();
    expect(await slow).toEqual({ status: 200, body: { received: true, duplicate: false } });

    expect(await userOf(browser)).toMatchObject({
      frontendStatus: 'subscribed',
      isCancelledButActive: false,
    });
    expect((await billingOf(browser)).subscription?.cancelAtPeriodEnd).toBe(false);
  });

  it('answers events it does not act on without acting', async () => {
    const event = {
      id: `evt_other_${Date.now()}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: stripe.now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'customer.created',
      data: { object: { id: 'cus_x', object: 'customer' } },
    } as const;
    expect(await stripe.deliver(structuredClone(event) as never)).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
  });
});

describe('the subscription lifecycle', () => {
  it('cancel → cancelled-but-active → period end → former', async () => {
    const { browser, subscriptionId } = await subscriber('plus');
    const cancel = await browser.post<BillingSummary>('/api/billing/cancel');
    expect(cancel.status).toBe(200);
    expect(cancel.body.subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect(stripe.subscription(subscriptionId).cancel_at_period_end).toBe(true);
    expect(await userOf(browser)).toMatchObject({
      frontendStatus: 'subscribed',
      isCancelledButActive: true,
    });
    await stripe.flush();
    expect((await userOf(browser)).isCancelledButActive).toBe(true);

    stripe.endPeriod(subscriptionId);
    expect((await stripe.flush()).map((a) => a.status)).toEqual([200]);
    expect(await userOf(browser)).toMatchObject({
      frontendStatus: 'former',
      isCancelledButActive: false,
      effectiveSpecialFeatures: [],
    });
    expect((await billingOf(browser)).subscription).toMatchObject({ status: 'canceled' });
    // Nothing left to cancel or reactivate.
    expect((await browser.post('/api/billing/reactivate')).status).toBe(409);
  });

  it('reactivate before the period ends → subscribed, no longer cancelled', async () => {
    const { browser, subscriptionId } = await subscriber();
    await browser.post('/api/billing/cancel');
    const reactivate = await browser.post<BillingSummary>('/api/billing/reactivate');
    expect(reactivate.status).toBe(200);
    expect(reactivate.body.subscription?.cancelAtPeriodEnd).toBe(false);
    expect(stripe.subscription(subscriptionId).cancel_at_period_end).toBe(false);
    await stripe.flush();
    expect(await userOf(browser)).toMatchObject({
      frontendStatus: 'subscribed',
      isCancelledButActive: false,
    });
  });

  it('a cancelled subscription whose deleted event never comes ends at its period by the sweep', async () => {
    const { browser } = await subscriber();
    await browser.post('/api/billing/cancel');
    await stripe.flush();
    const end = new Date((await billingOf(browser)).subscription!.currentPeriodEnd);
    await server.services.billing.sweep(new Date(end.getTime() - 1000));
    expect((await userOf(browser)).frontendStatus).toBe('subscribed');
    await server.services.billing.sweep(new Date(end.getTime() + 1000));
    expect((await userOf(browser)).frontendStatus).toBe('former');
  });

  it('failed payment → grace (still subscribed) → grace expires → former → paid at last → subscribed', async () => {
    const { browser, subscriptionId } = await subscriber('premium');
    const before = Date.now();
    stripe.failRenewal(subscriptionId);
    expect((await stripe.flush()).map((a) => a.status)).toEqual([200, 200]);
    const inGrace = await billingOf(browser);
    expect(inGrace.subscription?.status).toBe('past_due');
    const graceUntil = new Date(inGrace.subscription!.graceUntil!).getTime();
    expect(graceUntil).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(graceUntil).toBeLessThan(Date.now() + 7 * DAY_MS + 1000);
    expect((await userOf(browser)).frontendStatus).toBe('subscribed');

    // Still hers a second before the grace period ends; former a second after.
    await server.services.billing.sweep(new Date(graceUntil - 1000));
    expect((await userOf(browser)).frontendStatus).toBe('subscribed');
    await server.services.billing.sweep(new Date(graceUntil + 1000));
    expect(await userOf(browser)).toMatchObject({
      frontendStatus: 'former',
      effectiveSpecialFeatures: [],
    });

    stripe.renew(subscriptionId);
    await stripe.flush();
    expect(await userOf(browser)).toMatchObject({
      frontendStatus: 'subscribed',
      effectiveSpecialFeatures: ['submitLeak', 'impersonation', 'searchEngineRemovals'],
    });
    expect((await billingOf(browser)).subscription).toMatchObject({
      status: 'active',
      graceUntil: null,
    });
    expect((await billingOf(browser)).payments).toHaveLength(2);
  });

  it('renewal within the grace period clears it; a plain renewal records the payment', async () => {
    const { browser, subscriptionId } = await subscriber();
    stripe.failRenewal(subscriptionId);
    await stripe.flush();
    stripe.advance(3600);
    stripe.renew(subscriptionId);
    await stripe.flush();
    expect((await billingOf(browser)).subscription).toMatchObject({
      status: 'active',
      graceUntil: null,
    });
    stripe.renew(subscriptionId);
    await stripe.flush();
    expect((await billingOf(browser)).payments).toHaveLength(3);
    expect((await userOf(browser)).frontendStatus).toBe('subscribed');
  });

  it('a past-due subscription that Stripe finally cancels makes her former', async () => {
    const { browser, subscriptionId } = await subscriber();
    stripe.failRenewal(subscriptionId);
    stripe.endPeriod(subscriptionId);
    await stripe.flush();
    expect((await userOf(browser)).frontendStatus).toBe('former');
  });
});

describe('operator grants beside a paid subscription', () => {
  it('refuses a grant of status or plan the next Stripe event would undo, and still grants features', async () => {
    const { email, browser, subscriptionId } = await subscriber('plus');
    await expect(
      server.services.accounts.grant(email, { status: 'subscribed', plan: 'premium' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(
        `pays for the plus plan online (subscription ${subscriptionId}, active)`,
      ),
    });
    await expect(server.services.accounts.grant(email, { status: 'former' })).rejects.toMatchObject(
      { code: 'CONFLICT' },
    );
    await server.services.accounts.grant(email, { features: ['promoProtect'] });
    const user = await userOf(browser);
    expect(user.frontendStatus).toBe('subscribed');
    expect(user.effectiveSpecialFeatures).toContain('promoProtect');
  });
});

describe('the portal and access', () => {
  it('opens the Customer Portal for the creator’s own customer, returning to /account', async () => {
    const { browser } = await subscriber();
    const calls = stripe.calls.length;
    const res = await browser.post<{ url: string }>('/api/billing/portal');
    expect(res.status).toBe(200);
    expect(res.body.url.startsWith(`${stripe.url}/p/session/`)).toBe(true);
    expect(stripe.calls.slice(calls)).toEqual(['POST /v1/billing_portal/sessions']);
  });

  it('refuses a webhook body far larger than any event with 413', async () => {
    const res = await fetch(stripe.webhookUrl!, {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=00' },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
  });

  it('answers the plan catalog the web prices its plans with', async () => {
    const { browser } = await signedInUser(server);
    const res = await browser.get<PlanCatalog>('/api/billing/plans');
    expect(res.status).toBe(200);
    expect(res.body.currencies).toEqual(['usd', 'eur', 'gbp']);
    expect(res.body.tiers.plus).toMatchObject({
      name: 'Plus',
      prices: { usd: { monthly: 9999, annual: 95990 } },
    });
  });

  it('requires sign-in on every route but the webhook', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/billing')).status).toBe(401);
    expect((await anonymous.get('/api/billing/plans')).status).toBe(401);
    for (const path of [
      '/api/billing/checkout',
      '/api/billing/portal',
      '/api/billing/cancel',
      '/api/billing/reactivate',
    ]) {
      const res = await anonymous.post(path, { plan: 'nonsense' });
      expect(res.status, path).toBe(401);
    }
  });

  it('never shows or touches another creator’s subscription', async () => {
    const owner = await subscriber();
    const other = await signedInUser(server);
    expect(await billingOf(other.browser)).toEqual({
      mode: 'online',
      subscription: null,
      payments: [],
    });
    expect((await other.browser.post('/api/billing/cancel')).status).toBe(409);
    expect((await other.browser.post('/api/billing/portal')).status).toBe(409);
    expect(stripe.subscription(owner.subscriptionId).cancel_at_period_end).toBe(false);
    expect((await userOf(owner.browser)).isCancelledButActive).toBe(false);
  });
});

describe('manual billing (no Stripe configured)', () => {
  let manual: TestServer;
  beforeAll(async () => {
    manual = await startTestServer();
  });
  afterAll(async () => {
    await manual?.close();
  });

  it('says so, and refuses every online action with 409', async () => {
    const { browser, email } = await signedInUser(manual);
    expect(await billingOf(browser)).toEqual({ mode: 'manual', subscription: null, payments: [] });
    for (const [path, body] of [
      ['/api/billing/checkout', { plan: 'plus', interval: 'monthly', currency: 'usd' }],
      ['/api/billing/portal', {}],
      ['/api/billing/cancel', {}],
      ['/api/billing/reactivate', {}],
    ] as const) {
      const res = await browser.post(path, body);
      expect(res.status, path).toBe(409);
      expect(res.body.message).toBe(ONLINE_PAYMENT_NOT_CONFIGURED);
    }
    const webhook = await new TestClient(manual.url, null).post('/api/billing/webhook', {
      id: 'evt_1',
    });
    expect(webhook.status).toBe(409);
    // Operators grant plans by hand.
    await manual.services.accounts.grant(email, { status: 'subscribed', plan: 'plus' });
    expect((await userOf(browser)).frontendStatus).toBe('subscribed');
  });
});
