// Social Share texts and images, and the welcome package with its PDF.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { createMarketingRepository } from './marketing-repository.ts';
import { marketingRoutes } from './marketing-routes.ts';
import { createMarketingService, type MarketingServiceDeps } from './marketing-service.ts';

export function createMarketingModule(
  platform: Platform,
  deps: Pick<MarketingServiceDeps, 'usage' | 'accountStates'>,
) {
  const { config, brands } = platform;
  const marketing = createMarketingService({
    repo: createMarketingRepository(platform.database.db),
    usage: deps.usage,
    accountStates: deps.accountStates,
    catalog: platform.catalog,
    planFeatures: platform.planFeatures,
    publicUrl: config.publicUrl,
    freeRemovals: config.promoRemovals.freeRemovals,
    logoDirectories: config.webAssetDirs,
  });
  return featureModule('marketing', marketing, {
    routes: ({ auth }) => [mount(marketingRoutes({ auth, marketing, brands }))],
  });
}
