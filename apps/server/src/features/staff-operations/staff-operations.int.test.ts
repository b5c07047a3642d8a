// Offers and payouts in the staff console over HTTP: creators see none of it (404), agents are refused
// (403), admins create and revoke offers and settle payouts through the same services as the CLI, and
// each change is in the audit log (a payout's with its affiliate as the subject).
import { randomUUID } from 'node:crypto';
import type { OperatorPayout } from '@shark/contracts/affiliates.ts';
import type { OperatorOffer, OperatorOfferDetail } from '@shark/contracts/offers.ts';
import type { StaffOfferList, StaffPayoutList } from '@shark/contracts/staff-operations.ts';
import { billingPayment } from '@shark/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCreator } from '#server/features/takedowns/testing/takedown-test-fixtures.ts';
import { staffUser } from '#server/testing/staff-users.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';

let server: TestServer;
let agent: Awaited<ReturnType<typeof staffUser>>;
let admin: Awaited<ReturnType<typeof staffUser>>;

beforeAll(async () => {
  server = await startTestServer({ AFFILIATE_HOLD_DAYS: '0', AFFILIATE_MIN_PAYOUT: '1000' });
  agent = await staffUser(server, 'agent');
  admin = await staffUser(server, 'admin');
});
afterAll(async () => {
  await server?.close();
});

/** An affiliate whose referred customer paid `amount` (a manual payment), and her payout request. */
async function requestedPayout(amount: number) {
  const { affiliates, database } = server.services;
  const affiliateId = await insertCreator(database.db, 'Affiliate');
  const customerId = await insertCreator(database.db, 'Customer');
  const code = await affiliates.ensureCode(affiliateId);
  expect(
    await affiliates.attributeSignUp(
      { id: customerId, email: `${customerId}@example.com`, referralCode: code },
      null,
    ),
  ).toBe('tied');
  await database.db.insert(billingPayment).values({
    id: `manual_${randomUUID()}`,
    userId: customerId,
    amount,
    currency: 'usd',
    source: 'manual',
    paidAt: new Date(),
  });
  expect(await affiliates.creditMissed()).toBe(1);
  const payout = await affiliates.requestPayout(affiliateId, {
    currency: 'usd',
    destination: 'PayPal: affiliate@example.com',
  });
  return { payoutId: payout.id, affiliateId };
}

const newOffer = { plan: 'plus', interval: 'monthly', currency: 'usd', price: 1999, maxClaims: 1 };

describe('the gate', () => {
  it('answers 404 to creators and 403 to agents', async () => {
    const creator = await signedInUser(server);
    for (const [client, status] of [
      [creator.browser, 404],
      [agent.browser, 403],
    ] as const) {
      expect((await client.get('/api/staff/offers')).status).toBe(status);
      expect((await client.post('/api/staff/offers', newOffer)).status).toBe(status);
      expect((await client.get('/api/staff/payouts')).status).toBe(status);
      expect((await client.post('/api/staff/payouts/p1/paid', { reference: 'x' })).status).toBe(
        status,
      );
    }
  });
});

describe('offers', () => {
  it('creates an offer in the admin’s name, lists it, revokes it, and logs both', async () => {
    const created = await admin.browser.post<OperatorOffer>('/api/staff/offers', {
      ...newOffer,
      createdBy: 'someone else',
      headline: 'For Nova',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ plan: 'plus', state: 'active', createdBy: admin.email });
    expect(created.body.link).toContain(`/custom-offer/${created.body.id}`);

    const list = await admin.browser.get<StaffOfferList>('/api/staff/offers');
    expect(list.body.offers.map((o) => o.id)).toContain(created.body.id);
    const shown = await admin.browser.get<OperatorOfferDetail>(
      `/api/staff/offers/${created.body.id}`,
    );
    expect(shown.body.claims).toEqual([]);

    const revoked = await admin.browser.post<OperatorOffer>(
      `/api/staff/offers/${created.body.id}/revoke`,
      {},
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.state).toBe('revoked');
    expect((await server.services.offers.getPublic(created.body.id)).state).toBe('revoked');

    const log = await server.services.staffAudit.list({ targetId: created.body.id });
    expect(log.events.map((e) => [e.action, e.actorEmail])).toEqual([
      ['offer.revoke', admin.email],
      ['offer.create', admin.email],
    ]);
    expect(log.events[0]).toMatchObject({
      before: { state: 'active' },
      after: { state: 'revoked' },
    });
  });

  it('refuses a bad offer with the field named, and an unknown offer with 404', async () => {
    const bad = await admin.browser.post<{ fields: Record<string, string> }>('/api/staff/offers', {
      ...newOffer,
      price: -1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.price).toMatch(/negative/);
    expect((await admin.browser.post('/api/staff/offers/nope/revoke', {})).status).toBe(404);
  });
});

describe('payouts', () => {
  it('lists requested payouts, marks one paid, and logs it with the affiliate as subject', async () => {
    const { payoutId, affiliateId } = await requestedPayout(10000);
    const due = await admin.browser.get<StaffPayoutList>('/api/staff/payouts');
    expect(due.body.payouts.find((p) => p.id === payoutId)).toMatchObject({ status: 'requested' });

    const paid = await admin.browser.post<OperatorPayout>(`/api/staff/payouts/${payoutId}/paid`, {
      reference: 'PP-7781',
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', operatorNote: 'PP-7781' });
    const stillDue = await admin.browser.get<StaffPayoutList>('/api/staff/payouts');
    expect(stillDue.body.payouts.map((p) => p.id)).not.toContain(payoutId);
    const all = await admin.browser.get<StaffPayoutList>('/api/staff/payouts?status=all');
    expect(all.body.payouts.map((p) => p.id)).toContain(payoutId);

    const again = await admin.browser.post<{ message: string }>(
      `/api/staff/payouts/${payoutId}/reject`,
      { reason: 'too late' },
    );
    expect(again.status).toBe(409);

    const log = await server.services.staffAudit.list({ subjectUserId: affiliateId });
    expect(log.events).toHaveLength(1);
    expect(log.events[0]).toMatchObject({
      action: 'payout.paid',
      targetId: payoutId,
      actorEmail: admin.email,
      before: { status: 'requested' },
      after: { status: 'paid', operatorNote: 'PP-7781' },
    });
  });

  it('rejects a payout with its reason, and refuses one without a reason', async () => {
    const { payoutId } = await requestedPayout(5000);
    const blank = await admin.browser.post(`/api/staff/payouts/${payoutId}/reject`, {
      reason: '  ',
    });
    expect(blank.status).toBe(400);
    const rejected = await admin.browser.post<OperatorPayout>(
      `/api/staff/payouts/${payoutId}/reject`,
      { reason: 'The destination is not a PayPal address.' },
    );
    expect(rejected.body).toMatchObject({ status: 'rejected' });
    const log = await server.services.staffAudit.list({ targetId: payoutId });
    expect(log.events.map((e) => e.action)).toEqual(['payout.reject']);
    expect(
      (await admin.browser.post('/api/staff/payouts/nope/paid', { reference: 'x' })).status,
    ).toBe(404);
  });
});
