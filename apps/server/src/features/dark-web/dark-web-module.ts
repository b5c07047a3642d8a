// Dark web scanning (Premium): who gets Tor (the server has it and her plan has the perk) and the
// clearnet mirrors onion sites name. Scans, their takedowns and the findings list use them.
import type { Platform } from '#server/app/platform.ts';
import { featureModule } from '#server/app/feature-module.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import { createDarkWebAccess } from './dark-web-access.ts';
import { createOnionMirrorRepository } from './onion-mirror-repository.ts';
import { createOnionMirrors } from './onion-mirrors.ts';

export function createDarkWebModule(platform: Platform, deps: { entitlements: Entitlements }) {
  return featureModule('dark-web', {
    access: createDarkWebAccess({
      hasTor: platform.fetcher.hasTor,
      hasPerk: (userId) => deps.entitlements.hasPerk(userId, 'darkWebScanning'),
    }),
    mirrors: createOnionMirrors(createOnionMirrorRepository(platform.database.db)),
  });
}
