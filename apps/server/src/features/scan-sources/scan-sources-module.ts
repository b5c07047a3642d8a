// The discovery sources (on or off), their daily quotas and the site catalog.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { scanSourceRoutes } from './scan-sources-routes.ts';
import { createScanSourceService } from './scan-source-service.ts';
import { createSourceUsageRepository } from './source-usage-repository.ts';

export function createScanSourcesModule(platform: Platform) {
  const sources = createScanSourceService({
    config: platform.config,
    usage: createSourceUsageRepository(platform.database.db),
  });
  return featureModule('scan-sources', sources, {
    routes: ({ auth }) => [mount(scanSourceRoutes({ auth, sources }))],
  });
}
