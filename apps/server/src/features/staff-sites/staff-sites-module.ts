// Sites outside the catalog in the staff console (agents): review, and the site's own channel.
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { StaffModuleService } from '#server/features/staff/staff-module.ts';
import type { SiteContactService } from '#server/features/takedowns/recipients/site-contact-service.ts';
import { staffSitesRoutes } from './staff-sites-routes.ts';
import { createStaffSitesService } from './staff-sites-service.ts';

export function createStaffSitesModule(deps: {
  staff: StaffModuleService;
  siteContacts: SiteContactService;
}) {
  const sites = createStaffSitesService({ audit: deps.staff.audit, sites: deps.siteContacts });
  return featureModule('staff-sites', sites, {
    routes: ({ auth }) => [mount(staffSitesRoutes({ auth, staff: deps.staff.staff, sites }))],
  });
}
