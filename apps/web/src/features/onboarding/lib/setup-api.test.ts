import type { User } from '@shark/contracts/user.ts';
import { describe, expect, it } from 'vitest';
import { setupApiBase } from '#app/features/onboarding/lib/setup-api.ts';

function userWith(overrides: Partial<User>): User {
  return {
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    emailVerified: true,
    isAffiliateOnly: false,
    suggestUpgradeCustomMessage: null,
    frontendStatus: 'free',
    effectiveSpecialFeatures: [],
    needsOnboarding: true,
    isCancelledButActive: false,
    shouldShowUpgrade: false,
    ...overrides,
  };
}

describe('setupApiBase', () => {
  it('sends creators who may open Accounts and Search Engines to the regular APIs', () => {
    expect(setupApiBase(userWith({ frontendStatus: 'subscribed' }))).toBe('/api');
    expect(setupApiBase(userWith({ effectiveSpecialFeatures: ['promoProtect'] }))).toBe('/api');
  });

  it('sends everyone else to the onboarding routes', () => {
    expect(setupApiBase(userWith({ frontendStatus: 'free' }))).toBe('/api/onboarding');
    expect(setupApiBase(userWith({ frontendStatus: 'former' }))).toBe('/api/onboarding');
    expect(
      setupApiBase(
        userWith({ frontendStatus: 'former', effectiveSpecialFeatures: ['submitLeak'] }),
      ),
    ).toBe('/api/onboarding');
  });
});
