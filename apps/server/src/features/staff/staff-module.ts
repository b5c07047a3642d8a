// The staff side's foundation: staff roles, the gate of every staff API, and the audit log that every
// staff action writes to. The work queue, support and the creators' pages build on its service.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { createStaffAudit } from './staff-audit.ts';
import { createStaffRepository } from './staff-repository.ts';
import { staffRoutes } from './staff-routes.ts';
import { createStaffService } from './staff-service.ts';

export function createStaffModule(platform: Platform) {
  const repo = createStaffRepository(platform.database.db);
  const audit = createStaffAudit({ repo });
  const staff = createStaffService({ repo, audit });
  return featureModule(
    'staff',
    { staff, audit },
    { routes: ({ auth }) => [mount(staffRoutes({ auth, staff, audit }))] },
  );
}

export type StaffModuleService = ReturnType<typeof createStaffModule>['service'];
