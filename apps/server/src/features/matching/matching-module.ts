// One matcher, with one in-memory index of the creators' reference fingerprints, for scans, the pages
// creators report and the checks of taken-down pages.
import type { Platform } from '#server/app/platform.ts';
import { featureModule } from '#server/app/feature-module.ts';
import { createScanMatcher } from '#server/features/scans/scan-matcher.ts';
import { createReferenceIndex } from './reference-index.ts';
import { createReferenceRepository } from './reference-repository.ts';

export function createMatchingModule(platform: Platform) {
  const matcher = createScanMatcher({
    index: createReferenceIndex(createReferenceRepository(platform.database.db)),
    fingerprints: platform.fingerprints,
  });
  return featureModule('matching', matcher);
}
