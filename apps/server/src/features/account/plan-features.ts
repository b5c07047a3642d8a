// Which special features each plan includes while the subscription is active.
import type { Plan, SpecialFeature } from '@shark/contracts/user.ts';

export const PLAN_FEATURES: Record<Plan, readonly SpecialFeature[]> = {
  standard: ['submitLeak'],
  plus: ['submitLeak', 'searchEngineRemovals'],
  premium: ['submitLeak', 'searchEngineRemovals', 'impersonation'],
};
