// Custom offers: the public page's offer, claims, and the operator's commands. Paid offers go to
// Stripe Checkout at the offer's price when billing is online; manual otherwise.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { BillingService } from '#server/features/billing/billing-service.ts';
import { accountsOn } from '#server/features/user/account-service.ts';
import { createOfferRepository } from './offer-repository.ts';
import { offerRoutes } from './offer-routes.ts';
import { createOfferService } from './offer-service.ts';

export function createOffersModule(platform: Platform, deps: { billing: BillingService }) {
  const offers = createOfferService({
    repo: createOfferRepository(platform.database.db, (tx) =>
      accountsOn(tx, platform.planFeatures),
    ),
    publicUrl: platform.config.publicUrl,
    startCheckout: (userId, offer) => deps.billing.checkoutOffer(userId, offer),
  });
  return featureModule('offers', offers, {
    routes: ({ auth }) => [mount(offerRoutes({ auth, offers }))],
  });
}
