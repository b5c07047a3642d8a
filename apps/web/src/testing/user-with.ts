// A signed-in user for tests: a free user with no special features, changed by `overrides`.
import type { User } from '@shark/contracts/user.ts';

export function userWith(overrides: Partial<User>): User {
  return {
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    emailVerified: true,
    isAffiliateOnly: false,
    suggestUpgradeCustomMessage: null,
    frontendStatus: 'free',
    effectiveSpecialFeatures: [],
    needsOnboarding: false,
    isCancelledButActive: false,
    shouldShowUpgrade: false,
    ...overrides,
  };
}
