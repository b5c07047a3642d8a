// One matcher, with one in-memory index of the creators' reference fingerprints, for scans, the pages
// creators report and the checks of taken-down pages; and the creators' enrolled faces, for the
// likeness search of their scans.
import type { Platform } from '#server/app/platform.ts';
import { featureModule } from '#server/app/feature-module.ts';
import { createScanMatcher } from '#server/features/scans/scan-matcher.ts';
import { createFaceIndex } from './face-index.ts';
import { createFaceIndexRepository } from './face-index-repository.ts';
import { createReferenceIndex } from './reference-index.ts';
import { createReferenceRepository } from './reference-repository.ts';

export function createMatchingModule(
  platform: Platform,
  deps: { hasDeepfakeProtection: (userId: string) => Promise<boolean> },
) {
  const matcher = createScanMatcher({
    index: createReferenceIndex(createReferenceRepository(platform.database.db)),
    fingerprints: platform.fingerprints,
    faces: createFaceIndex({
      repo: createFaceIndexRepository(platform.database.db),
      hasDeepfakeProtection: deps.hasDeepfakeProtection,
    }),
  });
  return featureModule('matching', matcher);
}
