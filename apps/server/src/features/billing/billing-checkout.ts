// Paying online: Stripe Checkout for a plan (or a change of plan in place, prorated, while one runs),
// for a claimed paid custom offer, and the Customer Portal. Plans need no set-up at Stripe: each plan's
// product is made on first use.
import Stripe from 'stripe';
import type {
  BillingInterval,
  BillingSummary,
  CheckoutRequest,
  CheckoutResult,
} from '@shark/contracts/billing.ts';
import type { PublicOffer } from '@shark/contracts/offers.ts';
import type { PlanCatalog } from '@shark/contracts/plans.ts';
import type { Plan } from '@shark/contracts/user.ts';
import { AppError } from '#server/http/app-error.ts';
import type { BillingRepository, StoredSubscription } from './billing-repository.ts';
import { productId, TO_STRIPE_INTERVAL } from './billing-stripe.ts';
import type { SubscriptionSync } from './subscription-sync.ts';

export function createCheckout(deps: {
  stripe: Stripe | null;
  online: () => Stripe;
  repo: BillingRepository;
  catalog: PlanCatalog;
  publicUrl: string;
  applySnapshot: SubscriptionSync['applySnapshot'];
  liveSubscription: (userId: string) => Promise<StoredSubscription | undefined>;
  summary: (userId: string) => Promise<BillingSummary>;
}) {
  const { stripe, online, repo, catalog, applySnapshot, liveSubscription, summary } = deps;

  async function customerFor(
    client: Stripe,
    user: { id: string; email: string; name: string },
  ): Promise<string> {
    const existing = await repo.customerOf(user.id);
    if (existing) return existing;
    const customer = await client.customers.create({
      email: user.email,
      name: user.name,
      metadata: { userId: user.id },
    });
    return repo.saveCustomer(user.id, customer.id);
  }

  async function ensureProduct(client: Stripe, plan: Plan): Promise<string> {
    const id = productId(plan);
    try {
      return (await client.products.retrieve(id)).id;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404)
        throw error;
    }
    try {
      return (
        await client.products.create({
          id,
          name: `Shark ${catalog.tiers[plan].name}`,
          metadata: { plan },
        })
      ).id;
    } catch (error) {
      // Made meanwhile by another request.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'resource_already_exists'
      )
        return id;
      throw error;
    }
  }

  function priceOf(request: { plan: Plan; interval: BillingInterval; currency: string }): number {
    const price = catalog.tiers[request.plan].prices[request.currency];
    if (!price) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Plans are not sold in ${request.currency.toUpperCase()}. Choose ${catalog.currencies.map((c) => c.toUpperCase()).join(', ')}.`,
        {
          fields: { currency: `Choose ${catalog.currencies.join(', ')}.` },
        },
      );
    }
    return price[request.interval];
  }

  return {
    /**
     * Subscribes through Stripe Checkout, or — with a running subscription — changes its plan or
     * interval in place (prorated), since Checkout would start a second subscription.
     */
    async checkout(
      user: { id: string; email: string; name: string },
      request: CheckoutRequest,
    ): Promise<CheckoutResult> {
      const client = online();
      priceOf(request);
      const live = await liveSubscription(user.id);
      if (live) {
        if (live.plan === request.plan && live.interval === request.interval) {
          throw new AppError(
            'CONFLICT',
            `You are already on ${catalog.tiers[request.plan].name} (${request.interval}).`,
          );
        }
        const current = await client.subscriptions.retrieve(live.id);
        const item = current.items.data[0];
        if (!item) throw new Error(`subscription ${live.id} has no item`);
        // A subscription keeps its currency: the change is priced in it.
        const amount = priceOf({ ...request, currency: live.currency });
        const updated = await client.subscriptions.update(live.id, {
          items: [
            {
              id: item.id,
              price_data: {
                currency: live.currency,
                product: await ensureProduct(client, request.plan),
                unit_amount: amount,
                recurring: { interval: TO_STRIPE_INTERVAL[request.interval] },
              },
            },
          ],
          metadata: { userId: user.id, plan: request.plan, interval: request.interval },
          cancel_at_period_end: false,
          proration_behavior: 'create_prorations',
        });
        await repo.transaction((q) => applySnapshot(q, updated, user.id, null, 'keep'));
        return { url: null, billing: await summary(user.id) };
      }
      const amount = priceOf(request);
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        customer: await customerFor(client, user),
        client_reference_id: user.id,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              product: await ensureProduct(client, request.plan),
              unit_amount: amount,
              recurring: { interval: TO_STRIPE_INTERVAL[request.interval] },
            },
          },
        ],
        metadata: { userId: user.id, plan: request.plan, interval: request.interval },
        subscription_data: {
          metadata: { userId: user.id, plan: request.plan, interval: request.interval },
        },
        // Back to /plans, open to every signed-in user: the account may still be waiting for the webhook
        // (free), which the dashboard's guard would turn away. The page waits for it, then moves on.
        success_url: `${deps.publicUrl}/plans?checkout=success`,
        cancel_url: `${deps.publicUrl}/plans?checkout=cancelled`,
      });
      if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
      return { url: session.url, billing: null };
    },

    /**
     * Checkout for a claimed paid custom offer, at the offer's own price and interval on its plan's
     * product; the subscription carries the offer's id, so its first payment grants the offer's
     * features. null (payment arranged by the operator) in manual mode, or when she already has a
     * running subscription: a second one would bill her twice, so switching is done by hand.
     */
    async checkoutOffer(userId: string, offer: PublicOffer): Promise<{ url: string } | null> {
      if (!stripe) return null;
      if (await liveSubscription(userId)) return null;
      const user = await repo.userRecord(userId);
      if (!user) throw new AppError('NOT_FOUND', 'No such user.');
      const metadata = { userId, plan: offer.plan, interval: offer.interval, offerId: offer.id };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: await customerFor(stripe, user),
        client_reference_id: userId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: offer.currency,
              product: await ensureProduct(stripe, offer.plan),
              unit_amount: offer.price,
              recurring: { interval: TO_STRIPE_INTERVAL[offer.interval] },
            },
          },
        ],
        metadata,
        subscription_data: { metadata },
        // The same return as a plan's checkout: /plans waits there until the payment is applied.
        success_url: `${deps.publicUrl}/plans?checkout=success`,
        cancel_url: `${deps.publicUrl}/custom-offer/${encodeURIComponent(offer.id)}?checkout=cancelled`,
      });
      if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
      return { url: session.url };
    },

    async portal(user: { id: string; email: string; name: string }): Promise<{ url: string }> {
      const client = online();
      const customer = await repo.customerOf(user.id);
      if (!customer)
        throw new AppError('CONFLICT', 'You have not paid online yet: choose a plan first.');
      const session = await client.billingPortal.sessions.create({
        customer,
        return_url: `${deps.publicUrl}/account`,
      });
      return { url: session.url };
    },
  };
}
