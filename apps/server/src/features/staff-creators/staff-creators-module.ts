// The staff console's creators: lookup, her page, and the admins' grants on her account.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { StaffModuleService } from '#server/features/staff/staff-module.ts';
import { createStaffCreatorsRepository } from './staff-creators-repository.ts';
import { staffCreatorsRoutes } from './staff-creators-routes.ts';
import { createStaffCreatorsService, type StaffCreatorsDeps } from './staff-creators-service.ts';

export function createStaffCreatorsModule(
  platform: Platform,
  deps: Omit<StaffCreatorsDeps, 'repo' | 'audit'> & { staff: StaffModuleService },
) {
  const creators = createStaffCreatorsService({
    repo: createStaffCreatorsRepository(platform.database.db),
    audit: deps.staff.audit,
    accounts: deps.accounts,
    accountStates: deps.accountStates,
    entitlements: deps.entitlements,
    usage: deps.usage,
  });
  return featureModule('staff-creators', creators, {
    routes: ({ auth }) => [mount(staffCreatorsRoutes({ auth, staff: deps.staff.staff, creators }))],
  });
}
