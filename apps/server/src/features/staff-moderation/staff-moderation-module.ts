// Moderation in the staff console (agents): the community's posts and the Scam Registry's reports.
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { CommunityService } from '#server/features/community/community-service.ts';
import type { RiskRegistryService } from '#server/features/risk-registry/risk-registry-service.ts';
import type { StaffModuleService } from '#server/features/staff/staff-module.ts';
import { staffModerationRoutes } from './staff-moderation-routes.ts';
import { createStaffModerationService } from './staff-moderation-service.ts';

export function createStaffModerationModule(deps: {
  staff: StaffModuleService;
  community: CommunityService;
  registry: RiskRegistryService;
}) {
  const moderation = createStaffModerationService({
    audit: deps.staff.audit,
    community: deps.community,
    registry: deps.registry,
  });
  return featureModule('staff-moderation', moderation, {
    routes: ({ auth }) => [
      mount(staffModerationRoutes({ auth, staff: deps.staff.staff, moderation })),
    ],
  });
}
