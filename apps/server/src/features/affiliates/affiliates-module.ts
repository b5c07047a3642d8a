// The affiliate programme: codes, referrals made at sign-up, commissions from payments, payouts.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { PipelineNotifications } from '#server/features/notifications/pipeline-notifications.ts';
import { createAffiliateRepository } from './affiliate-repository.ts';
import { affiliateRoutes } from './affiliate-routes.ts';
import { createAffiliateService } from './affiliate-service.ts';

export function createAffiliatesModule(
  platform: Platform,
  deps: { notices: PipelineNotifications },
) {
  const { config, logger } = platform;
  const affiliates = createAffiliateService({
    repo: createAffiliateRepository(platform.database.db),
    config: config.affiliates,
    publicUrl: config.publicUrl,
    logger,
    visitorSecret: config.authSecret,
    onReferral: deps.notices.referralMade,
    onCommission: deps.notices.commissionCredited,
  });
  return featureModule('affiliates', affiliates, {
    routes: ({ auth, limiter, secureCookies }) => [
      mount(affiliateRoutes({ auth, affiliates, limiter, secureCookies })),
    ],
    schedules: [
      // Commissions of payments credited at no payment's moment (a crash in between, a payment written elsewhere).
      {
        name: 'affiliate sweep',
        everySeconds: config.billing.sweepSeconds,
        run: () => affiliates.creditMissed(),
      },
    ],
  });
}
