import type { BillingSubscription } from '@shark/contracts/billing.ts';
import type { PlanCatalog } from '@shark/contracts/plans.ts';
import { describe, expect, it } from 'vitest';
import {
  annualSavingPercent,
  currentPlanOf,
  formatPrice,
  planAction,
  priceOf,
} from '#app/features/billing/lib/pricing.ts';

const limits = {
  usernames: 1,
  searchTerms: 1,
  whitelistEntries: 1,
  referenceStorageBytes: 0,
  scansPerMonth: 1,
  manualRemovalsPerMonth: 0,
};
const paid = (name: string, usd: number) => ({
  name,
  limits,
  features: [],
  perks: [],
  prices: {
    usd: { monthly: usd, annual: usd * 10 },
    eur: { monthly: usd - 300, annual: (usd - 300) * 12 },
  },
});
const catalog: PlanCatalog = {
  version: 1,
  currencies: ['usd', 'eur'],
  tiers: {
    free: { name: 'Free', limits, features: [], perks: [] },
    standard: paid('Standard', 4999),
    plus: paid('Plus', 9999),
    premium: paid('Premium', 19999),
  },
};

const subscription = (over: Partial<BillingSubscription> = {}): BillingSubscription => ({
  plan: 'plus',
  interval: 'monthly',
  currency: 'usd',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-22T00:00:00.000Z',
  graceUntil: null,
  ...over,
});

describe('formatPrice', () => {
  it('shows minor units as the currency’s amount with its symbol', () => {
    expect(formatPrice(9999, 'usd')).toBe('$99.99');
    expect(formatPrice(4699, 'eur')).toBe('€46.99');
    expect(formatPrice(38390, 'gbp')).toBe('£383.90');
    expect(formatPrice(100000, 'usd')).toBe('$1,000.00');
  });
});

describe('priceOf and annualSavingPercent', () => {
  it('reads the catalog’s price for the plan, interval and currency', () => {
    expect(priceOf(catalog, 'plus', 'monthly', 'usd')).toBe(9999);
    expect(priceOf(catalog, 'plus', 'annual', 'usd')).toBe(99990);
    expect(priceOf(catalog, 'plus', 'monthly', 'jpy')).toBeNull();
  });

  it('says how much a year paid annually saves, and 0 when it saves nothing', () => {
    expect(annualSavingPercent(catalog, 'plus', 'usd')).toBe(17);
    expect(annualSavingPercent(catalog, 'plus', 'eur')).toBe(0);
    expect(annualSavingPercent(catalog, 'plus', 'jpy')).toBe(0);
  });
});

describe('planAction', () => {
  it('offers to subscribe to every plan without a current plan', () => {
    expect(planAction(catalog, 'standard', 'monthly', null)).toEqual({
      kind: 'subscribe',
      label: 'Subscribe to Standard',
    });
  });

  it('marks the current plan and interval, and offers upgrades and downgrades around it', () => {
    const current = { plan: 'plus', interval: 'monthly' } as const;
    expect(planAction(catalog, 'plus', 'monthly', current).kind).toBe('current');
    expect(planAction(catalog, 'premium', 'monthly', current)).toEqual({
      kind: 'upgrade',
      label: 'Upgrade to Premium',
    });
    expect(planAction(catalog, 'standard', 'annual', current)).toEqual({
      kind: 'downgrade',
      label: 'Downgrade to Standard',
    });
  });

  it('offers the other interval of the current plan as a switch', () => {
    expect(planAction(catalog, 'plus', 'annual', { plan: 'plus', interval: 'monthly' })).toEqual({
      kind: 'switch',
      label: 'Switch Plus to annual billing',
    });
  });

  it('treats a plan granted without an interval as current in both intervals', () => {
    expect(planAction(catalog, 'plus', 'annual', { plan: 'plus', interval: null }).kind).toBe(
      'current',
    );
  });
});

describe('currentPlanOf', () => {
  it('is the running subscription’s plan and interval for a subscriber', () => {
    expect(currentPlanOf('subscribed', 'plus', subscription({ status: 'past_due' }))).toEqual({
      plan: 'plus',
      interval: 'monthly',
    });
  });

  it('falls back to the granted tier, without an interval, when no subscription runs', () => {
    expect(currentPlanOf('subscribed', 'premium', subscription({ status: 'canceled' }))).toEqual({
      plan: 'premium',
      interval: null,
    });
    expect(currentPlanOf('subscribed', 'standard', null)).toEqual({
      plan: 'standard',
      interval: null,
    });
    expect(currentPlanOf('subscribed', 'free', null)).toBeNull();
  });

  it('is nothing for free and former creators, whatever their last subscription was', () => {
    expect(currentPlanOf('free', 'free', null)).toBeNull();
    expect(currentPlanOf('former', 'free', subscription({ status: 'canceled' }))).toBeNull();
  });
});
