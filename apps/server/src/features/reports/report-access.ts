// Who may report (spec §6): Report Leaks needs an active subscription and the submitLeak feature, Report
// Impersonation an active subscription and the impersonation feature — the same rule as the SPA's guards.
import type { SpecialFeature } from '@shark/contracts/user.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountStateRepository } from '../account/account-state-repository.ts';
import type { PlanFeatures } from '../account/plan-features.ts';
import type { Entitled, Entitlements } from '../entitlements/entitlements.ts';

export type ReportFeature = Extract<SpecialFeature, 'submitLeak' | 'impersonation'>;

const MESSAGES: Record<ReportFeature, string> = {
  submitLeak:
    'Reporting leaks needs an active subscription that includes Report Leaks. Choose a plan to continue.',
  impersonation:
    'Reporting impersonation needs an active subscription that includes impersonation protection (Premium). Choose a plan to continue.',
};

export function createReportAccess(deps: {
  accountStates: Pick<AccountStateRepository, 'findState'>;
  planFeatures: PlanFeatures;
  entitlements: Pick<Entitlements, 'of'>;
}) {
  return {
    /** Throws 403 unless the user is subscribed and has the feature (from the plan or granted). */
    async require(userId: string, feature: ReportFeature): Promise<Entitled> {
      const state = await deps.accountStates.findState(userId);
      const isSubscribed = state.status === 'subscribed';
      const fromPlan = isSubscribed && state.plan ? deps.planFeatures[state.plan] : [];
      const hasFeature = fromPlan.includes(feature) || state.grantedFeatures.includes(feature);
      if (!isSubscribed || !hasFeature) throw new AppError('FORBIDDEN', MESSAGES[feature]);
      return deps.entitlements.of(userId);
    },
  };
}

export type ReportAccess = ReturnType<typeof createReportAccess>;
