// The creator's whitelist: her own pages and profiles, never reported as leaks.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import { createWhitelistRepository } from './whitelist-repository.ts';
import { whitelistRoutes } from './whitelist-routes.ts';
import { createWhitelistService } from './whitelist-service.ts';

export function createWhitelistModule(platform: Platform, deps: { entitlements: Entitlements }) {
  const { entitlements } = deps;
  const whitelist = createWhitelistService({
    repo: createWhitelistRepository(platform.database.db),
    entitlements,
  });
  return featureModule('whitelist', whitelist, {
    routes: ({ auth }) => [mount(whitelistRoutes({ auth, entitlements, whitelist }))],
  });
}
