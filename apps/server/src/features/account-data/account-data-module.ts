// The creator's export of all her data, and deleting her account.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { createAccountDataRepository } from './account-data-repository.ts';
import { accountDataRoutes } from './account-data-routes.ts';
import { createAccountDataService, type AccountDataDeps } from './account-data-service.ts';

export function createAccountDataModule(
  platform: Platform,
  deps: Pick<AccountDataDeps, 'verifyPassword' | 'removeReferenceFile' | 'cancelSubscriptionNow'>,
) {
  const { logger } = platform;
  const accountData = createAccountDataService({
    repo: createAccountDataRepository(platform.database.db),
    storage: platform.storage,
    logger,
    ...deps,
  });
  return featureModule('account-data', accountData, {
    routes: ({ auth, secureCookies }) => [
      mount(accountDataRoutes({ auth, accountData, secureCookies, logger })),
    ],
  });
}
