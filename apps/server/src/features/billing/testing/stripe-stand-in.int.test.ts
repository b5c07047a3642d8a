// The stand-in's browser side and control API, as the e2e suite uses them: the hosted Checkout page pays,
// delivers the webhooks and returns to the success URL; the control API ends a period by the customer's
// e-mail; the portal page lists the invoices and returns to the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult } from '@shark/contracts/billing.ts';
import type { User } from '@shark/contracts/user.ts';
import type { TestServer } from '#server/testing/test-server.ts';
import type { TestClient } from '#server/testing/http-client.ts';
import { signedInUser } from '#server/testing/users.ts';
import { type StripeStandIn } from './stripe-stand-in.ts';
import { startBillingTestServer, type BillingTestServer } from './billing-test-server.ts';

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

async function checkoutUrl(browser: TestClient): Promise<string> {
  const res = await browser.post<CheckoutResult>('/api/billing/checkout', {
    plan: 'plus',
    interval: 'monthly',
    currency: 'usd',
  });
  expect(res.status).toBe(200);
  return res.body.url!;
}

const control = (path: string, body: unknown) =>
  fetch(`${stripe.url}/__control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the hosted Checkout page', () => {
  it('shows the price, and its Pay button subscribes the creator before returning to the success URL', async () => {
    const { browser } = await signedInUser(server);
    const url = await checkoutUrl(browser);
    const shown = await fetch(url);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('99.99 USD a month');
    expect(html).toContain('<button type="submit">Pay</button>');
    expect(html).toContain(`href="${server.url}/plans?checkout=cancelled"`);

    const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${server.url}/plans?checkout=success`);
    expect(stripe.pending).toEqual([]);
    expect(await userOf(browser)).toMatchObject({ frontendStatus: 'subscribed' });

    expect((await fetch(url, { method: 'POST', redirect: 'manual' })).status).toBe(409);
    expect(await (await fetch(url)).text()).toContain('This checkout session is complete.');
    expect((await fetch(`${stripe.url}/c/pay/cs_test_unknown`)).status).toBe(404);
  });
});

describe('the control API', () => {
  it('ends a cancelled subscription’s period by the customer’s e-mail, delivering the events', async () => {
    const { browser, email } = await signedInUser(server);
    await fetch(await checkoutUrl(browser), { method: 'POST', redirect: 'manual' });

    // Neither cancelled nor past due: the period renews instead of ending.
    const early = await control('end-period', { email });
    expect(early.status).toBe(409);

    expect((await browser.post('/api/billing/cancel')).status).toBe(200);
    const ended = await control('end-period', { email: email.toUpperCase() });
    expect(ended.status).toBe(200);
    const body = (await ended.json()) as { deliveries: { status: number }[] };
    expect(body.deliveries.map((d) => d.status)).toEqual([200, 200]);
    expect(await userOf(browser)).toMatchObject({ frontendStatus: 'former' });

    expect((await control('end-period', { email: 'nobody@example.com' })).status).toBe(404);
    expect((await control('end-period', {})).status).toBe(404);
    expect((await control('nonsense', {})).status).toBe(404);
  });

  it('delivers pending events on flush', async () => {
    const { browser } = await signedInUser(server);
    await fetch(await checkoutUrl(browser), { method: 'POST', redirect: 'manual' });
    expect((await browser.post('/api/billing/cancel')).status).toBe(200);
    expect(stripe.pending.length).toBe(1);
    const flushed = await control('flush', {});
    expect(flushed.status).toBe(200);
    expect(((await flushed.json()) as { deliveries: unknown[] }).deliveries).toHaveLength(1);
    expect(stripe.pending).toEqual([]);
  });
});

describe('the hosted portal and invoices', () => {
  it('lists the customer’s paid invoices and returns to /account', async () => {
    const { browser } = await signedInUser(server);
    await fetch(await checkoutUrl(browser), { method: 'POST', redirect: 'manual' });
    const portal = await browser.post<{ url: string }>('/api/billing/portal');
    const html = await (await fetch(portal.body.url)).text();
    expect(html).toContain(`href="${server.url}/account"`);
    const invoice = html.match(/href="([^"]+\/invoices\/[^"]+)"/)?.[1];
    expect(invoice).toBeDefined();
    const shown = await fetch(invoice!);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('99.99 USD, paid.');
  });
});
