// Free Removals (/promo-protect): the promotional allowance of removals.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { WhitelistService } from '#server/features/whitelist/whitelist-service.ts';
import { createPromoRemovalRepository } from './promo-removal-repository.ts';
import { promoRemovalRoutes } from './promo-removal-routes.ts';
import { createPromoRemovalService } from './promo-removal-service.ts';

export function createPromoRemovalsModule(
  platform: Platform,
  deps: { entitlements: Entitlements; whitelist: WhitelistService },
) {
  const { entitlements } = deps;
  const promoRemovals = createPromoRemovalService({
    repo: createPromoRemovalRepository(platform.database.db),
    whitelist: deps.whitelist,
    freeRemovals: platform.config.promoRemovals.freeRemovals,
    sendFetch: async (reportedUrlId) => {
      await platform.jobs.send('report.fetch', { reportedUrlId });
    },
    logger: platform.logger,
  });
  return featureModule('promo-removals', promoRemovals, {
    routes: ({ auth }) => [mount(promoRemovalRoutes({ auth, entitlements, promoRemovals }))],
  });
}
