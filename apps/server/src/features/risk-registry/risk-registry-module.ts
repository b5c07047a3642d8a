// The Scam Registry: creators' reports, operators' review, published entries.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { createRiskRegistryRepository } from './risk-registry-repository.ts';
import { riskRegistryRoutes } from './risk-registry-routes.ts';
import { createRiskRegistryService } from './risk-registry-service.ts';

export function createRiskRegistryModule(platform: Platform) {
  const registry = createRiskRegistryService({
    repo: createRiskRegistryRepository(platform.database.db),
  });
  return featureModule('risk-registry', registry, {
    routes: ({ auth }) => [mount(riskRegistryRoutes({ auth, registry }))],
  });
}
