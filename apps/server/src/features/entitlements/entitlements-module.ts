// What a creator may use: her account's state (status, plan, special features, flags), the plan's
// entitlements and limits, and her usage of them.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { accountsOn } from '#server/features/user/account-service.ts';
import { createEntitlements } from './entitlements.ts';
import { createUsageRepository } from './usage-repository.ts';
import { usageRoutes } from './usage-routes.ts';

export function createEntitlementsModule(platform: Platform) {
  const { catalog, planFeatures } = platform;
  const { states: accountStates, accounts } = accountsOn(platform.database.db, planFeatures);
  const entitlements = createEntitlements({ accountStates, catalog, planFeatures });
  const usage = createUsageRepository(platform.database.db);
  return featureModule(
    'entitlements',
    { accountStates, accounts, entitlements, usage },
    { routes: ({ auth }) => [mount(usageRoutes({ auth, entitlements, usage }))] },
  );
}
