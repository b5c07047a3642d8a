// The names and phrases scans search for; onboarding adds the first ones through the same routes
// under /onboarding, before the 'setup' entitlement exists.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { SessionUser } from '#server/http/session.ts';
import type { Entitled, Entitlements } from '#server/features/entitlements/entitlements.ts';
import { createSearchTermRepository } from './search-term-repository.ts';
import { searchTermRoutes } from './search-term-routes.ts';
import { createSearchTermService } from './search-term-service.ts';

export function createSearchTermsModule(
  platform: Platform,
  deps: {
    entitlements: Entitlements;
    /** Who may add terms during onboarding (features/onboarding). */
    onboardingEntitle: (user: SessionUser) => Promise<Entitled>;
  },
) {
  const { entitlements } = deps;
  const searchTerms = createSearchTermService({
    repo: createSearchTermRepository(platform.database.db),
    entitlements,
  });
  return featureModule('search-terms', searchTerms, {
    routes: ({ auth }) => [
      mount(
        searchTermRoutes({
          auth,
          searchTerms,
          entitle: (user) => entitlements.require(user.id, 'setup'),
        }),
      ),
      mount(
        searchTermRoutes({ auth, searchTerms, entitle: deps.onboardingEntitle }),
        '/onboarding',
      ),
    ],
  });
}
