// Likeness protection (Premium's deep fake protection): her consent and her enrolled faces. The scans'
// search for her face reads the enrolled faces (features/matching).
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import { createFaceCandidateTokens } from './face-candidate-token.ts';
import { createLikenessRepository } from './likeness-repository.ts';
import { likenessRoutes } from './likeness-routes.ts';
import { createLikenessService } from './likeness-service.ts';

export function createLikenessModule(platform: Platform, deps: { entitlements: Entitlements }) {
  const likeness = createLikenessService({
    repo: createLikenessRepository(platform.database.db),
    storage: platform.storage,
    logger: platform.logger,
    tokens: createFaceCandidateTokens(platform.config.authSecret),
    // On the fingerprint pool's face thread: the networks load there once, and the API's event loop
    // keeps serving while a photo is searched.
    findFaces: async (bytes) =>
      (await platform.fingerprints.pictureFaces(new Uint8Array(bytes)))[0]?.faces ?? [],
  });
  return featureModule('likeness', likeness, {
    routes: ({ auth }) => [
      mount(likenessRoutes({ auth, likeness, entitlements: deps.entitlements })),
    ],
  });
}
