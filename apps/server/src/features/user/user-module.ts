// GET /api/user: the signed-in user's profile, state and what her usage suggests.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { tierOf, usageUpgradeSuggestion } from '#server/features/entitlements/entitlements.ts';
import type { UsageRepository } from '#server/features/entitlements/usage-repository.ts';
import type { AccountService } from './account-service.ts';
import { userRoutes } from './user-routes.ts';

export function createUserModule(
  platform: Platform,
  deps: { accounts: AccountService; usage: UsageRepository },
) {
  return featureModule('user', null, {
    routes: ({ auth, secureCookies }) => [
      mount(
        userRoutes({
          auth,
          accounts: deps.accounts,
          secureCookies,
          usageSuggestion: async (userId, state) =>
            usageUpgradeSuggestion(platform.catalog, tierOf(state), await deps.usage.all(userId)),
        }),
      ),
    ],
  });
}
