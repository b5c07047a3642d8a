import type { User } from '@shark/contracts/user.ts';
import { describe, expect, it } from 'vitest';
import { setupApiBase } from '#app/features/onboarding/lib/setup-api.ts';
import { userWith as baseUser } from '#app/testing/user-with.ts';

/** Users here still need onboarding unless a case says otherwise. */
const userWith = (overrides: Partial<User>): User =>
  baseUser({ needsOnboarding: true, ...overrides });

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
