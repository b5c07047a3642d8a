// DMCA badges: the creator's badge and its public verification page.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { createBadgeRepository } from './dmca-badge-repository.ts';
import { badgeRoutes } from './dmca-badge-routes.ts';
import { createBadgeService } from './dmca-badge-service.ts';

export function createDmcaBadgesModule(platform: Platform) {
  const badges = createBadgeService(
    createBadgeRepository(platform.database.db),
    platform.config.publicUrl,
  );
  return featureModule('dmca-badges', badges, {
    routes: ({ auth }) => [mount(badgeRoutes({ auth, badges }))],
  });
}
