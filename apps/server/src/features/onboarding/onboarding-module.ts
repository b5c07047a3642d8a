// Onboarding: the steps a new creator goes through before her plan's features open.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { onboardingRoutes, type OnboardingAccounts } from './onboarding-routes.ts';
import { createOnboardingService } from './onboarding-service.ts';

export function createOnboardingModule(
  _platform: Platform,
  deps: Parameters<typeof createOnboardingService>[0] & { accounts: OnboardingAccounts },
) {
  const onboarding = createOnboardingService({
    accountStates: deps.accountStates,
    entitlements: deps.entitlements,
  });
  return featureModule('onboarding', onboarding, {
    routes: ({ auth }) => [mount(onboardingRoutes({ auth, onboarding, accounts: deps.accounts }))],
  });
}
