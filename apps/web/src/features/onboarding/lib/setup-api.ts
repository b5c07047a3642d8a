// Where onboarding sends the usernames and terms it collects. Creators entitled to the set-up
// screens (subscribed, or with Free Removals) use the regular APIs (/api/accounts, /api/search-terms);
// everyone else uses the same contracts under /api/onboarding, which the server opens until
// onboarding is complete, within the free tier's limits (the free scan comes before payment).
import type { User } from '@shark/contracts/user.ts';
import { ACCESS_RULES, isAccessAllowed } from '#app/lib/require-access.ts';

export type SetupApiBase = '/api' | '/api/onboarding';

export function setupApiBase(user: User): SetupApiBase {
  return isAccessAllowed(user, ACCESS_RULES.brands) ? '/api' : '/api/onboarding';
}

/** Query keys of onboarding's own reads, per user and API base. */
export const onboardingKeys = {
  usernames: (userId: string, base: SetupApiBase) =>
    ['onboarding', 'usernames', userId, base] as const,
  searchTerms: (userId: string, base: SetupApiBase) =>
    ['onboarding', 'search-terms', userId, base] as const,
};
