// The affiliate programme end to end over HTTP: codes and links, clicks, the tie made at sign-up (typed
// code and referral link), commissions from Stripe's webhooks (and manual payments), the same-person
// guards, affiliate-only accounts, scoping, and payout requests.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { NotificationPage } from '@shark/contracts/notifications.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPayment, referral, user } from '@shark/db/schema.ts';
import type {
  AffiliateOverview,
  AffiliatePayout,
  CommissionPage,
  PayoutList,
} from '@shark/contracts/affiliates.ts';
import type { CheckoutResult } from '@shark/contracts/billing.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { lastMail, linkIn } from '#server/testing/mailbox.ts';
import { signedInUser } from '#server/testing/users.ts';
import type { StripeStandIn } from '#server/features/billing/testing/stripe-stand-in.ts';
import {
  startBillingTestServer,
  type BillingTestServer,
} from '#server/features/billing/testing/billing-test-server.ts';

let counter = 0;
const uniqueEmail = (name: string) => `${name}${++counter}-${Date.now()}@example.com`;

/** Signs up through the real form's API on `browser` (its cookies go along), verifies and signs in. */
async function signUpWith(
  server: TestServer,
  extra: { referralCode?: string; isAffiliateOnly?: boolean },
  options: { email?: string; browser?: TestClient } = {},
) {
  const email = options.email ?? uniqueEmail('referred');
  const browser = options.browser ?? new TestClient(server.url);
  const res = await browser.post('/api/auth/sign-up/email', {
    name: 'Referred',
    email,
    password: 'test password 123',
    ...extra,
  });
  expect(res.status).toBe(200);
  const link = linkIn(
    await lastMail(server.config.mailDir, email, /Verify/),
    '/email-settings/verification/',
  );
  expect(
    (await browser.get(`/api/auth/verify-email?token=${link.pathname.split('/').at(-1)}`)).status,
  ).toBe(200);
  const me = (await browser.get<{ id: string }>('/api/user')).body;
  return { email, browser, id: me.id };
}

const overviewOf = async (browser: TestClient) => {
  const res = await browser.get<AffiliateOverview>('/api/affiliate');
  expect(res.status).toBe(200);
  return res.body;
};

const tieOf = async (server: TestServer, referredUserId: string) => {
  const [row] = await server.services.database.db
    .select()
    .from(referral)
    .where(eq(referral.referredUserId, referredUserId));
  return row;
};

describe('with Stripe (commission rate 20 %, 30-day hold)', () => {
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

  /** The customer pays Checkout for a plan; every event is delivered. Returns the events for redelivery. */
  async function pay(browser: TestClient) {
    const res = await browser.post<CheckoutResult>('/api/billing/checkout', {
      plan: 'standard',
      interval: 'monthly',
      currency: 'usd',
    });
    expect(res.status).toBe(200);
    const { subscriptionId, events } = stripe.payCheckout(res.body.url!.split('/').at(-1)!);
    for (const answer of await stripe.flush()) expect(answer.status).toBe(200);
    return { subscriptionId, events };
  }

  it('gives every user one readable code and her link, and needs sign-in', async () => {
    expect((await new TestClient(server.url).get('/api/affiliate')).status).toBe(401);
    const { browser } = await signedInUser(server);
    const first = await overviewOf(browser);
    expect(first.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(first.link).toBe(`${server.url}/sign-up?rFromSearch=${first.code}`);
    expect(first).toMatchObject({
      clicks: 0,
      signUps: 0,
      payingCustomers: 0,
      earnings: [],
      terms: { commissionRateBps: 2000, holdDays: 30, minPayout: 5000 },
    });
    expect((await overviewOf(browser)).code).toBe(first.code);
    const other = await overviewOf((await signedInUser(server)).browser);
    expect(other.code).not.toBe(first.code);
  });

  it('ties a customer who typed the code at sign-up (any case), for life, via code', async () => {
    const affiliate = await signedInUser(server);
    const { code } = await overviewOf(affiliate.browser);
    const customer = await signUpWith(server, { referralCode: ` ${code.toLowerCase()} ` });
    const affiliateId = (await affiliate.browser.get<{ id: string }>('/api/user')).body.id;
    expect(await tieOf(server, customer.id)).toMatchObject({
      affiliateUserId: affiliateId,
      via: 'code',
      code,
    });
    expect(await overviewOf(affiliate.browser)).toMatchObject({ signUps: 1, clicks: 0 });
  });

  it('counts clicks of the link once per address and day, and ties a sign-up that came through it via link', async () => {
    const affiliate = await signedInUser(server);
    const { code } = await overviewOf(affiliate.browser);
    const visitor = new TestClient(server.url);
    const click = await visitor.post('/api/referrals/clicks', { code });
    expect(click.status).toBe(204);
    expect(visitor.cookies.get('shark_visitor')).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect((await visitor.post('/api/referrals/clicks', { code })).status).toBe(204);
    expect((await overviewOf(affiliate.browser)).clicks).toBe(1);
    // Another browser on the same address is the same visitor (see affiliate-clicks.int.test.ts).
    await new TestClient(server.url).post('/api/referrals/clicks', { code });
    expect((await overviewOf(affiliate.browser)).clicks).toBe(1);

    // rFromSearch is carried into the sign-up as the referral code, in the same browser.
    const customer = await signUpWith(server, { referralCode: code }, { browser: visitor });
    expect(await tieOf(server, customer.id)).toMatchObject({ via: 'link', code });
    expect(await overviewOf(affiliate.browser)).toMatchObject({ clicks: 1, signUps: 1 });
  });

  it('answers unknown and junk codes without a 500, and a sign-up with an unknown code works untied', async () => {
    const visitor = new TestClient(server.url);
    expect((await visitor.post('/api/referrals/clicks', { code: 'NOSUCHCODE' })).status).toBe(204);
    expect((await visitor.post('/api/referrals/clicks', { code: '<script>' })).status).toBe(400);
    expect((await visitor.post('/api/referrals/clicks', { code: 'x'.repeat(65) })).status).toBe(
      400,
    );
    expect((await visitor.post('/api/referrals/clicks', { code: '' })).status).toBe(400);
    expect((await visitor.post('/api/referrals/clicks', 'not json')).status).toBe(400);
    const customer = await signUpWith(server, { referralCode: 'NOSUCHCODE' });
    expect(await tieOf(server, customer.id)).toBeUndefined();
  });

  it('refuses a self-referral: the same mailbox under another address ties nothing', async () => {
    const email = uniqueEmail('alice.smith');
    const affiliate = await signUpWith(server, {}, { email });
    const { code } = await overviewOf(affiliate.browser);
    const alias = email.replace('@', '+again@');
    const self = await signUpWith(server, { referralCode: code }, { email: alias });
    expect(await tieOf(server, self.id)).toBeUndefined();
    expect((await overviewOf(affiliate.browser)).signUps).toBe(0);
  });

  it('credits 20 % of every payment, pending for the hold; a repeated event credits nothing more', async () => {
    const affiliate = await signedInUser(server);
    const { code } = await overviewOf(affiliate.browser);
    const customer = await signUpWith(server, { referralCode: code });
    const { subscriptionId, events } = await pay(customer.browser);

    const paid = (
      await customer.browser.get<{ payments: { id: string; amount: number }[] }>('/api/billing')
    ).body.payments;
    expect(paid).toHaveLength(1);
    const firstAmount = paid[0]!.amount;
    let page = (await affiliate.browser.get<CommissionPage>('/api/affiliate/commissions')).body;
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(page.items[0]).toMatchObject({
      amount: Math.floor(firstAmount * 0.2),
      paymentAmount: firstAmount,
      rateBps: 2000,
      currency: 'usd',
      status: 'pending',
    });
    expect(page.items[0]!.customer).toMatch(/^r•••@example\.com$/);
    const holdEnds = new Date(page.items[0]!.availableAt).getTime() - Date.now();
    expect(holdEnds).toBeGreaterThan(29 * 24 * 3600 * 1000);

    // Stripe delivers the paid invoice again: answered as a duplicate, no second commission.
    const invoicePaid = events.find((e) => e.type === 'invoice.paid')!;
    expect((await stripe.deliver(invoicePaid)).body).toEqual({ received: true, duplicate: true });
    // The same payment credited again by any route (the catch-up sweep) adds nothing.
    expect(await server.services.affiliates.creditPayment(paid[0]!.id)).toBe('already');
    expect(
      (await affiliate.browser.get<CommissionPage>('/api/affiliate/commissions')).body.total,
    ).toBe(1);

    // The renewal is another payment: another commission.
    stripe.advance(31 * 24 * 3600);
    stripe.renew(subscriptionId);
    for (const answer of await stripe.flush()) expect(answer.status).toBe(200);
    page = (await affiliate.browser.get<CommissionPage>('/api/affiliate/commissions')).body;
    expect(page.total).toBe(2);
    const overview = await overviewOf(affiliate.browser);
    expect(overview).toMatchObject({ signUps: 1, payingCustomers: 1 });
    const total = page.items.reduce((sum, c) => sum + c.amount, 0);
    // Each hold runs from its own payment: both are still pending.
    expect(overview.earnings).toEqual([
      { currency: 'usd', pending: total, available: 0, requested: 0, paid: 0 },
    ]);
  });

  it('tells the affiliate of the sign-up and of each commission, once each', async () => {
    const affiliate = await signedInUser(server);
    const { code } = await overviewOf(affiliate.browser);
    const customer = await signUpWith(server, { referralCode: code });
    const { events } = await pay(customer.browser);
    await stripe.deliver(events.find((e) => e.type === 'invoice.paid')!);

    const page = (await affiliate.browser.get<NotificationPage>('/api/notifications')).body;
    const affiliateNotes = page.notifications.filter((n) => n.category === 'affiliate');
    expect(affiliateNotes.map((n) => n.title)).toEqual([
      expect.stringMatching(/^You earned \$\d+\.\d\d$/),
      'A new sign-up through your referral link',
    ]);
    expect(affiliateNotes.every((n) => n.link === '/refer')).toBe(true);
    // The customer's own notifications say nothing of the affiliate.
    const hers = (await customer.browser.get<NotificationPage>('/api/notifications')).body;
    expect(hers.notifications.some((n) => n.category === 'affiliate')).toBe(false);
  });

  it('credits nothing when the payer turns out to be the affiliate (same mailbox)', async () => {
    const affiliateEmail = uniqueEmail('bob');
    const affiliate = await signUpWith(server, {}, { email: affiliateEmail });
    const { code } = await overviewOf(affiliate.browser);
    const customer = await signUpWith(server, { referralCode: code });
    expect(await tieOf(server, customer.id)).toBeDefined();
    // She moved her account to the affiliate's own mailbox after signing up.
    await server.services.database.db
      .update(user)
      .set({ email: affiliateEmail.replace('@', '+shop@') })
      .where(eq(user.id, customer.id));
    await pay(customer.browser);
    expect(
      (await affiliate.browser.get<CommissionPage>('/api/affiliate/commissions')).body.total,
    ).toBe(0);
  });

  it('keeps each affiliate’s ledger to herself', async () => {
    const affiliate = await signedInUser(server);
    const { code } = await overviewOf(affiliate.browser);
    const customer = await signUpWith(server, { referralCode: code });
    await pay(customer.browser);
    const stranger = await signedInUser(server);
    expect(
      (await stranger.browser.get<CommissionPage>('/api/affiliate/commissions')).body,
    ).toMatchObject({ total: 0, items: [] });
    expect(await overviewOf(stranger.browser)).toMatchObject({
      signUps: 0,
      payingCustomers: 0,
      earnings: [],
    });
    expect((await stranger.browser.get<PayoutList>('/api/affiliate/payouts')).body.items).toEqual(
      [],
    );
    for (const path of ['/api/affiliate/commissions', '/api/affiliate/payouts']) {
      expect((await new TestClient(server.url).get(path)).status).toBe(401);
    }
    expect(
      (
        await new TestClient(server.url).post('/api/affiliate/payouts', {
          currency: 'usd',
          destination: 'paypal: me@example.com',
        })
      ).status,
    ).toBe(401);
  });
});

describe('payouts and manual payments (no hold, 10.00 minimum)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      AFFILIATE_HOLD_DAYS: '0',
      AFFILIATE_MIN_PAYOUT: '1000',
      AFFILIATE_COMMISSION_PERCENT: '25',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** An operator's manual payment of the customer, as billing records it; credited by the affiliate sweep. */
  async function manualPayment(userId: string, amount: number, currency = 'eur') {
    await server.services.database.db.insert(billingPayment).values({
      id: `manual_${randomUUID()}`,
      userId,
      amount,
      currency,
      source: 'manual',
      paidAt: new Date(),
    });
    return server.services.affiliates.creditMissed();
  }

  async function affiliateWithCustomer() {
    const affiliate = await signedInUser(server);
    const { code } = await overviewOf(affiliate.browser);
    const customer = await signUpWith(server, { referralCode: code });
    return { affiliate, customer };
  }

  it('credits manual payments with an amount, once', async () => {
    const { affiliate, customer } = await affiliateWithCustomer();
    expect(await manualPayment(customer.id, 2000)).toBe(1);
    expect(await server.services.affiliates.creditMissed()).toBe(0);
    const overview = await overviewOf(affiliate.browser);
    expect(overview.terms).toEqual({ commissionRateBps: 2500, holdDays: 0, minPayout: 1000 });
    expect(overview.earnings).toEqual([
      { currency: 'eur', pending: 0, available: 500, requested: 0, paid: 0 },
    ]);

    // Both sides find it in their data export: her code and commissions, the customer's referral.
    const mine = (
      await affiliate.browser.get<Record<string, Record<string, unknown>[]>>('/api/account/export')
    ).body;
    expect(mine.affiliateCode).toEqual([expect.objectContaining({ code: overview.code })]);
    expect(mine.affiliateCommissions).toEqual([
      expect.objectContaining({ amount: 500, currency: 'eur', rateBps: 2500 }),
    ]);
    const theirs = (
      await customer.browser.get<Record<string, Record<string, unknown>[]>>('/api/account/export')
    ).body;
    expect(theirs.referredBy).toEqual([
      expect.objectContaining({ via: 'code', code: overview.code }),
    ]);
    expect(theirs.affiliateCommissions).toEqual([]);
  });

  it('refuses a payout below the minimum or with nothing available, with a message', async () => {
    const { affiliate, customer } = await affiliateWithCustomer();
    const nothing = await affiliate.browser.post('/api/affiliate/payouts', {
      currency: 'usd',
      destination: 'PayPal: ann@example.com',
    });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toMatch(/no available earnings in USD/);
    await manualPayment(customer.id, 2000);
    const below = await affiliate.browser.post('/api/affiliate/payouts', {
      currency: 'eur',
      destination: 'PayPal: ann@example.com',
    });
    expect(below.status).toBe(409);
    expect(below.body.message).toBe('Payouts start at 10.00 EUR; you have 5.00 EUR available.');
    const invalid = await affiliate.browser.post('/api/affiliate/payouts', {
      currency: 'euro',
      destination: 'x',
    });
    expect(invalid.status).toBe(400);
  });

  it('pays out the whole available balance once under concurrent requests; an operator marks it paid', async () => {
    const { affiliate, customer } = await affiliateWithCustomer();
    await manualPayment(customer.id, 4000);
    await manualPayment(customer.id, 2000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        affiliate.browser.post<AffiliatePayout>('/api/affiliate/payouts', {
          currency: 'EUR',
          destination: 'IBAN DE89 3704 0044 0532 0130 00, Ann Example',
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const made = answers.find((a) => a.status === 201)!.body;
    expect(made).toMatchObject({
      currency: 'eur',
      amount: 1500,
      status: 'requested',
      commissionCount: 2,
      operatorNote: null,
    });
    expect(await overviewOf(affiliate.browser)).toMatchObject({
      earnings: [{ currency: 'eur', available: 0, requested: 1500, paid: 0 }],
    });
    const statuses = (
      await affiliate.browser.get<CommissionPage>('/api/affiliate/commissions')
    ).body.items.map((c) => c.status);
    expect(statuses).toEqual(['requested', 'requested']);

    const paid = await server.services.affiliates.markPaid(made.id, 'SEPA 2026-11-23 #4411');
    expect(paid).toMatchObject({ status: 'paid', operatorNote: 'SEPA 2026-11-23 #4411' });
    expect(await overviewOf(affiliate.browser)).toMatchObject({
      earnings: [{ currency: 'eur', available: 0, requested: 0, paid: 1500 }],
    });
    const list = (await affiliate.browser.get<PayoutList>('/api/affiliate/payouts')).body.items;
    expect(list).toEqual([
      expect.objectContaining({
        id: made.id,
        status: 'paid',
        operatorNote: 'SEPA 2026-11-23 #4411',
      }),
    ]);
    await expect(server.services.affiliates.reject(made.id, 'too late')).rejects.toThrow(
      /paid already/,
    );

    // Another affiliate sees none of it.
    const stranger = await signedInUser(server);
    expect((await stranger.browser.get<PayoutList>('/api/affiliate/payouts')).body.items).toEqual(
      [],
    );
  });

  it('releases the commissions of a rejected payout back to available', async () => {
    const { affiliate, customer } = await affiliateWithCustomer();
    await manualPayment(customer.id, 8000);
    const payout = await affiliate.browser.post<AffiliatePayout>('/api/affiliate/payouts', {
      currency: 'eur',
      destination: 'PayPal: ann@example.com',
    });
    expect(payout.status).toBe(201);
    await server.services.affiliates.reject(payout.body.id, 'The PayPal address does not exist.');
    expect(await overviewOf(affiliate.browser)).toMatchObject({
      earnings: [{ currency: 'eur', available: 2000, requested: 0, paid: 0 }],
    });
    const again = await affiliate.browser.post<AffiliatePayout>('/api/affiliate/payouts', {
      currency: 'eur',
      destination: 'PayPal: ann.real@example.com',
    });
    expect(again).toMatchObject({ status: 201, body: { amount: 2000, commissionCount: 1 } });
  });

  it('keeps an affiliate-only account to the referral programme: creator features answer 403', async () => {
    const affiliate = await signUpWith(server, { isAffiliateOnly: true });
    expect(
      (await affiliate.browser.get<{ isAffiliateOnly: boolean }>('/api/user')).body.isAffiliateOnly,
    ).toBe(true);
    expect((await affiliate.browser.get('/api/affiliate')).status).toBe(200);
    // Even with a plan granted, the creator features stay closed to an affiliate-only account.
    await server.services.accounts.grant(affiliate.email, {
      status: 'subscribed',
      plan: 'premium',
    });
    for (const path of ['/api/whitelist', '/api/search-terms', '/api/findings', '/api/takedowns']) {
      const res = await affiliate.browser.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toMatch(/Affiliate accounts/);
    }
    expect((await affiliate.browser.post('/api/onboarding/free-scan', {})).status).toBe(403);
  });
});
