// The creator's content library: collections and items (titles, dates, links to her reference files).
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import { createContentRepository } from './content-repository.ts';
import { contentRoutes } from './content-routes.ts';
import { createContentService } from './content-service.ts';

export function createContentModule(platform: Platform, deps: { entitlements: Entitlements }) {
  const content = createContentService(createContentRepository(platform.database.db));
  return featureModule('content', content, {
    routes: ({ auth }) => [
      mount(contentRoutes({ auth, entitlements: deps.entitlements, content })),
    ],
  });
}
