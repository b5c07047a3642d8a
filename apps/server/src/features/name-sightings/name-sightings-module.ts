// Pages that share the creator's name without a sign of a leak, by site.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { WhitelistService } from '#server/features/whitelist/whitelist-service.ts';
import { createNameSightingRepository } from './name-sighting-repository.ts';
import { nameSightingRoutes } from './name-sighting-routes.ts';
import { createNameSightingService } from './name-sighting-service.ts';

export function createNameSightingsModule(
  platform: Platform,
  deps: { entitlements: Entitlements; whitelist: WhitelistService },
) {
  const sightings = createNameSightingService({
    repo: createNameSightingRepository(platform.database.db),
    whitelist: deps.whitelist,
  });
  return featureModule('name-sightings', sightings, {
    routes: ({ auth }) => [
      mount(nameSightingRoutes({ auth, entitlements: deps.entitlements, sightings })),
    ],
  });
}
