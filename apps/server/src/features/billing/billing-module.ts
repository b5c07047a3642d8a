// Plans and billing: Stripe Checkout and webhooks, or manual billing; lapsed subscriptions swept.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { PipelineNotifications } from '#server/features/notifications/pipeline-notifications.ts';
import { createBillingRepository } from './billing-repository.ts';
import { billingRoutes } from './billing-routes.ts';
import { createBillingService } from './billing-service.ts';

export function createBillingModule(
  platform: Platform,
  deps: {
    notices: PipelineNotifications;
    /** Each payment of a referred customer credits her affiliate (idempotent by payment id). */
    onPaymentRecorded: (paymentId: string) => Promise<void>;
  },
) {
  const { config, logger } = platform;
  const billing = createBillingService({
    repo: createBillingRepository(platform.database.db),
    catalog: platform.catalog,
    config: config.billing,
    publicUrl: config.publicUrl,
    logger,
    onPaymentRecorded: deps.onPaymentRecorded,
    notify: deps.notices.billing,
  });
  return featureModule('billing', billing, {
    routes: ({ auth }) => [mount(billingRoutes({ auth, billing }))],
    schedules: [
      {
        name: 'billing sweep',
        everySeconds: config.billing.sweepSeconds,
        run: () => billing.sweep(new Date()),
      },
    ],
  });
}
