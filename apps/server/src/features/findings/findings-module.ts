// Findings of scans: record, review list, whitelist, thumbnails; confirming one opens its takedown.
import { findSite, type SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { WhitelistService } from '#server/features/whitelist/whitelist-service.ts';
import { createFindingRepository } from './finding-repository.ts';
import { findingRoutes } from './findings-routes.ts';
import {
  createFindingService,
  type FindingEnforcementPort,
  type FindingServiceDeps,
} from './finding-service.ts';
import { createReuploadRepository } from './reupload-repository.ts';

export function createFindingsModule(
  platform: Platform,
  deps: {
    entitlements: Entitlements;
    whitelist: WhitelistService;
    catalog: SiteCatalog;
    enforcement: FindingEnforcementPort;
    mirroredOnions: NonNullable<FindingServiceDeps['mirroredOnions']>;
  },
) {
  const { entitlements } = deps;
  const findings = createFindingService({
    findings: createFindingRepository(platform.database.db),
    reuploads: createReuploadRepository(platform.database.db),
    storage: platform.storage,
    whitelist: deps.whitelist,
    logger: platform.logger,
    siteName: (id) => findSite(deps.catalog, id)?.name,
    enforcement: deps.enforcement,
    mirroredOnions: deps.mirroredOnions,
  });
  return featureModule('findings', findings, {
    routes: ({ auth }) => [mount(findingRoutes({ auth, findings, entitlements }))],
  });
}
