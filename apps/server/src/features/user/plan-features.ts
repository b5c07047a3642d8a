// Which special features each plan includes while the subscription is active: from the plan catalog.
import type { PlanCatalog } from '@shark/contracts/plans.ts';
import type { Plan, SpecialFeature } from '@shark/contracts/user.ts';

export type PlanFeatures = Record<Plan, readonly SpecialFeature[]>;

export function planFeaturesOf(catalog: PlanCatalog): PlanFeatures {
  return {
    standard: catalog.tiers.standard.features,
    plus: catalog.tiers.plus.features,
    premium: catalog.tiers.premium.features,
  };
}
