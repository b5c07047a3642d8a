// Onboarding: who may still go through it, with which limits, and its completion.
//
// Onboarding collects a creator's first usernames and search terms before they pay (the free
// scan is offered before payment), so it cannot require the 'setup' entitlement the screens
// behind it require. While their onboarding is not complete, a signed-in creator (not an
// affiliate-only user) may add usernames and terms through the onboarding routes, up to the limits
// of their tier: the free tier's without a subscription. Once completed, those routes close and the
// regular screens, with their guards, take over.
import type { OnboardingCompletion } from '@shark/contracts/onboarding.ts';
import { AppError } from '#server/http/app-error.ts';
import type { SessionUser } from '#server/http/session.ts';
import type { AccountStateRepository } from '#server/features/user/account-state-repository.ts';
import type { Entitled, Entitlements } from '#server/features/entitlements/entitlements.ts';

export function createOnboardingService(deps: {
  accountStates: AccountStateRepository;
  entitlements: Entitlements;
}) {
  return {
    /** The entitlement of the onboarding routes: open until onboarding is complete, with the tier's limits. */
    async entitle(user: SessionUser): Promise<Entitled> {
      if (user.isAffiliateOnly)
        throw new AppError('FORBIDDEN', 'Affiliate accounts have no onboarding.');
      const state = await deps.accountStates.findState(user.id);
      if (state.onboardingCompletedAt !== null) {
        throw new AppError(
          'FORBIDDEN',
          'Your onboarding is complete. Manage your usernames on Accounts and your terms on Search Engines.',
        );
      }
      return deps.entitlements.of(user.id);
    },

    async complete(user: SessionUser): Promise<OnboardingCompletion> {
      if (user.isAffiliateOnly)
        throw new AppError('FORBIDDEN', 'Affiliate accounts have no onboarding.');
      const completedAt = await deps.accountStates.completeOnboarding(user.id, new Date());
      return { onboardingCompletedAt: completedAt.toISOString() };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
