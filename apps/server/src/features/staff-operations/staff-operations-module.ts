// The operator's work in the staff console (admins): custom offers and affiliates' payouts.
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { AffiliateService } from '#server/features/affiliates/affiliate-service.ts';
import type { OfferService } from '#server/features/offers/offer-service.ts';
import type { StaffModuleService } from '#server/features/staff/staff-module.ts';
import { staffOperationsRoutes } from './staff-operations-routes.ts';
import { createStaffOperationsService } from './staff-operations-service.ts';

export function createStaffOperationsModule(deps: {
  staff: StaffModuleService;
  offers: OfferService;
  affiliates: AffiliateService;
}) {
  const operations = createStaffOperationsService({
    audit: deps.staff.audit,
    offers: deps.offers,
    affiliates: deps.affiliates,
  });
  return featureModule('staff-operations', operations, {
    routes: ({ auth }) => [
      mount(staffOperationsRoutes({ auth, staff: deps.staff.staff, operations })),
    ],
  });
}
