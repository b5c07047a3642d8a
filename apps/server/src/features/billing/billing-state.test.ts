// The subscription lifecycle's rules, transition by transition.
import { describe, expect, it } from 'vitest';
import {
  applySubscription,
  graceAfterFailure,
  isEntitling,
  lapse,
  type BillingAccount,
  type SubscriptionSnapshot,
} from './billing-state.ts';

const now = new Date('2026-06-15T12:00:00Z');
const later = (days: number) => new Date(now.getTime() + days * 24 * 3600 * 1000);
const since = new Date('2026-01-01T00:00:00Z');

const free: BillingAccount = {
  status: 'free',
  plan: null,
  cancelAtPeriodEnd: false,
  subscribedSince: null,
};
const subscribed: BillingAccount = {
  status: 'subscribed',
  plan: 'standard',
  cancelAtPeriodEnd: false,
  subscribedSince: since,
};
const former: BillingAccount = {
  status: 'former',
  plan: null,
  cancelAtPeriodEnd: false,
  subscribedSince: null,
};

const active: SubscriptionSnapshot = {
  status: 'active',
  plan: 'plus',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: later(20),
  graceUntil: null,
};

describe('applySubscription', () => {
  it('free → subscribed when a subscription becomes active, from now', () => {
    expect(applySubscription(free, active, now)).toEqual({
      status: 'subscribed',
      plan: 'plus',
      cancelAtPeriodEnd: false,
      subscribedSince: now,
    });
  });

  it('former → subscribed again when she subscribes anew', () => {
    expect(applySubscription(former, active, now)).toMatchObject({
      status: 'subscribed',
      plan: 'plus',
      subscribedSince: now,
    });
  });

  it('trialing counts as subscribed', () => {
    expect(applySubscription(free, { ...active, status: 'trialing' }, now).status).toBe(
      'subscribed',
    );
  });

  it('a plan change keeps the subscription’s start date', () => {
    expect(applySubscription(subscribed, active, now)).toEqual({
      status: 'subscribed',
      plan: 'plus',
      cancelAtPeriodEnd: false,
      subscribedSince: since,
    });
  });

  it('cancelled at period end → cancelled-but-active until the period ends', () => {
    const cancelled = { ...active, cancelAtPeriodEnd: true };
    expect(applySubscription(subscribed, cancelled, now)).toMatchObject({
      status: 'subscribed',
      cancelAtPeriodEnd: true,
      plan: 'plus',
    });
    expect(applySubscription(subscribed, cancelled, later(21))).toEqual(former);
  });

  it('reactivated before the period ends → subscribed, no longer cancelled', () => {
    const cancelledAccount = { ...subscribed, cancelAtPeriodEnd: true };
    expect(applySubscription(cancelledAccount, active, now)).toMatchObject({
      status: 'subscribed',
      cancelAtPeriodEnd: false,
    });
  });

  it('canceled (deleted), unpaid, incomplete_expired and paused → former for a subscriber', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete_expired', 'paused'] as const) {
      expect(applySubscription(subscribed, { ...active, status }, now), status).toEqual(former);
    }
  });

  it('a free creator whose first payment never went through stays free', () => {
    expect(applySubscription(free, { ...active, status: 'incomplete_expired' }, now)).toEqual(free);
    expect(applySubscription(free, { ...active, status: 'canceled' }, now)).toEqual(free);
  });

  it('a former creator stays former when an old subscription ends again', () => {
    expect(applySubscription(former, { ...active, status: 'canceled' }, now)).toEqual(former);
  });

  it('incomplete (first payment running) changes nothing', () => {
    expect(applySubscription(free, { ...active, status: 'incomplete' }, now)).toBe(free);
    expect(applySubscription(subscribed, { ...active, status: 'incomplete' }, now)).toBe(
      subscribed,
    );
  });

  it('failed payment → subscribed during grace → former after it', () => {
    const pastDue = { ...active, status: 'past_due' as const, graceUntil: later(7) };
    expect(applySubscription(subscribed, pastDue, now)).toMatchObject({
      status: 'subscribed',
      plan: 'plus',
    });
    expect(applySubscription(subscribed, pastDue, later(7))).toEqual(former);
  });

  it('renewal after a failure → subscribed', () => {
    expect(applySubscription(former, active, later(8))).toMatchObject({
      status: 'subscribed',
      plan: 'plus',
    });
  });

  it('an active subscription past its period end without cancellation stays subscribed (the renewal is on its way)', () => {
    expect(isEntitling(active, later(25))).toBe(true);
  });
});

describe('lapse and grace', () => {
  it('lapse keeps free users free and ends the plan of others', () => {
    expect(lapse(free)).toEqual(free);
    expect(lapse({ ...subscribed, cancelAtPeriodEnd: true })).toEqual(former);
  });

  it('the first failure starts the grace period; later failures do not extend it', () => {
    const first = graceAfterFailure(null, now, 7);
    expect(first).toEqual(later(7));
    expect(graceAfterFailure(first, later(3), 7)).toBe(first);
  });
});
