// The creator's accounts on each platform (Accounts, /brands) and their ownership proof.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import { createProtectedAccountRepository } from './protected-account-repository.ts';
import { protectedAccountRoutes } from './protected-account-routes.ts';
import { createProtectedAccountService } from './protected-account-service.ts';

export function createAccountsModule(platform: Platform, deps: { entitlements: Entitlements }) {
  const { config } = platform;
  const { entitlements } = deps;
  const accounts = createProtectedAccountService({
    repo: createProtectedAccountRepository(platform.database.db),
    entitlements,
    fetcher: platform.fetcher,
    profileUrlTemplates: config.accounts.profileUrlTemplates,
    checkIntervalSeconds: config.accounts.checkIntervalSeconds,
  });
  return featureModule('accounts', accounts, {
    routes: ({ auth }) => [mount(protectedAccountRoutes({ auth, accounts, entitlements }))],
  });
}
