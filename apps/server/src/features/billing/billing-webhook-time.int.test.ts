// The time check of Stripe webhooks: a correctly signed event is refused when its signature is dated more
// than the tolerance away from the server's clock, in the future as in the past, and changes nothing.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingSummary, CheckoutResult } from '@shark/contracts/billing.ts';
import type { User } from '@shark/contracts/user.ts';
import type { TestClient } from '#server/testing/http-client.ts';
import type { TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import { startBillingTestServer, type BillingTestServer } from './testing/billing-test-server.ts';
import type { StripeStandIn } from './testing/stripe-stand-in.ts';

let billing: BillingTestServer;
let stripe: StripeStandIn;
let server: TestServer;

beforeAll(async () => {
  billing = await startBillingTestServer();
  ({ stripe, server } = billing);
});
afterAll(async () => {
  await billing?.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Signed as Stripe's SDK signs test events, with the payload the stand-in sends. */
const headerFor = (event: unknown, timestamp: number) =>
  new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
    payload: JSON.stringify(event, null, 2),
    secret: stripe.webhookSecret,
    timestamp,
  });

const userOf = async (browser: TestClient) => (await browser.get<User>('/api/user')).body;
const billingOf = async (browser: TestClient) =>
  (await browser.get<BillingSummary>('/api/billing')).body;

async function paidCheckoutEvents(browser: TestClient) {
  const res = await browser.post<CheckoutResult>('/api/billing/checkout', {
    plan: 'standard',
    interval: 'monthly',
    currency: 'usd',
  });
  expect(res.status).toBe(200);
  const { events } = stripe.payCheckout(res.body.url!.split('/').at(-1)!);
  stripe.pending.length = 0;
  expect(events.map((e) => e.type)).toContain('invoice.paid');
  return events;
}

describe('webhook signature time', () => {
  it('refuses events signed 10 minutes ahead or 10 minutes ago with 400, changing nothing, and takes them signed now', async () => {
    const { browser } = await signedInUser(server);
    const events = await paidCheckoutEvents(browser);
    const refusal = {
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        message: "The webhook signature's time is more than 300 seconds from the server's clock.",
      },
    };

    for (const event of events)
      expect(
        await stripe.deliver(event, { header: headerFor(event, nowSeconds() + 600) }),
      ).toMatchObject(refusal);
    // A current time put in front of the signed one changes nothing: only a header with one time is taken.
    for (const event of events) {
      const twoTimes = `t=${nowSeconds()},${headerFor(event, nowSeconds() + 600)}`;
      expect(await stripe.deliver(event, { header: twoTimes })).toMatchObject(refusal);
    }
    expect((await userOf(browser)).frontendStatus).toBe('free');
    expect((await billingOf(browser)).payments).toEqual([]);

    for (const event of events)
      expect(
        await stripe.deliver(event, { header: headerFor(event, nowSeconds() - 600) }),
      ).toMatchObject(refusal);
    expect((await userOf(browser)).frontendStatus).toBe('free');
    expect((await billingOf(browser)).payments).toEqual([]);

    // Stripe signs each retry afresh: the same events, signed now, are new to the server and apply.
    for (const event of events)
      expect(await stripe.deliver(event, { header: headerFor(event, nowSeconds()) })).toEqual({
        status: 200,
        body: { received: true, duplicate: false },
      });
    expect((await userOf(browser)).frontendStatus).toBe('subscribed');
    expect((await billingOf(browser)).payments).toHaveLength(1);
  });

  it('takes an event signed a little ahead, within the tolerance (a clock slightly behind Stripe’s)', async () => {
    const { browser } = await signedInUser(server);
    const events = await paidCheckoutEvents(browser);
    for (const event of events)
      expect(
        (await stripe.deliver(event, { header: headerFor(event, nowSeconds() + 120) })).status,
      ).toBe(200);
    expect((await userOf(browser)).frontendStatus).toBe('subscribed');
  });
});
