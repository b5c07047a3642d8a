import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_STATE } from './account-state-repository.ts';
import { toApiUser as toApiUserWith } from './account-service.ts';
import { loadPlanCatalog } from '#server/config/plans.ts';
import { loadConfig } from '#server/config/env.ts';
import { planFeaturesOf } from './plan-features.ts';
import type { AccountState, UserRecord } from './account-state-repository.ts';

const planFeatures = planFeaturesOf(loadPlanCatalog(loadConfig({}, 'cli').plansFile));
const toApiUser = (r: UserRecord, s: AccountState) => toApiUserWith(r, s, planFeatures);

const record = {
  id: 'u1',
  name: 'Ann',
  email: 'ann@example.com',
  emailVerified: true,
  isAffiliateOnly: false,
};

describe('toApiUser', () => {
  it('gives a new user free status, no features, and onboarding', () => {
    expect(toApiUser(record, DEFAULT_ACCOUNT_STATE)).toMatchObject({
      frontendStatus: 'free',
      effectiveSpecialFeatures: [],
      needsOnboarding: true,
      isCancelledButActive: false,
      shouldShowUpgrade: false,
    });
  });

  it('unites plan features and granted ones, in catalogue order, without repeats', () => {
    const user = toApiUser(record, {
      ...DEFAULT_ACCOUNT_STATE,
      status: 'subscribed',
      plan: 'standard',
      grantedFeatures: ['explicitlyShowUploadFiles', 'submitLeak', 'promoProtect'],
    });
    expect(user.effectiveSpecialFeatures).toEqual([
      'promoProtect',
      'submitLeak',
      'explicitlyShowUploadFiles',
    ]);
  });

  it('gives a former user no plan features, only grants', () => {
    const user = toApiUser(record, {
      ...DEFAULT_ACCOUNT_STATE,
      status: 'former',
      plan: 'premium',
      grantedFeatures: ['promoProtect'],
    });
    expect(user.effectiveSpecialFeatures).toEqual(['promoProtect']);
  });

  it('is cancelled-but-active only while subscribed', () => {
    expect(
      toApiUser(record, {
        ...DEFAULT_ACCOUNT_STATE,
        status: 'subscribed',
        plan: 'plus',
        cancelAtPeriodEnd: true,
      }).isCancelledButActive,
    ).toBe(true);
    expect(
      toApiUser(record, { ...DEFAULT_ACCOUNT_STATE, status: 'former', cancelAtPeriodEnd: true })
        .isCancelledButActive,
    ).toBe(false);
  });

  it('shows the upgrade box with the operator message, and no onboarding for affiliates', () => {
    const user = toApiUser(
      { ...record, isAffiliateOnly: true },
      { ...DEFAULT_ACCOUNT_STATE, suggestUpgradeMessage: 'Go Premium' },
    );
    expect(user).toMatchObject({
      shouldShowUpgrade: true,
      suggestUpgradeCustomMessage: 'Go Premium',
      needsOnboarding: false,
      isAffiliateOnly: true,
    });
  });
});
