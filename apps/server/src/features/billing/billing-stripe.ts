// How billing reads Stripe: its client, the product of a plan, and the subscription (and the
// subscription an event is about) as billing keeps it.
import Stripe from 'stripe';
import { subscriptionStatusSchema, type BillingInterval } from '@shark/contracts/billing.ts';
import { planSchema, type Plan } from '@shark/contracts/user.ts';
import type { StripeSettings } from '#server/config/env.ts';
import type { StoredSubscription } from './billing-repository.ts';

export const TO_STRIPE_INTERVAL = { monthly: 'month', annual: 'year' } as const;

export function createStripeClient(settings: StripeSettings): Stripe {
  const api = new URL(settings.apiUrl);
  return new Stripe(settings.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'http:' ? 80 : 443),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    timeout: 20_000,
    maxNetworkRetries: 2,
  });
}

/** The product of a plan at Stripe: one per plan, made on first use, so prices need no set-up at Stripe. */
export const productId = (plan: Plan) => `shark_${plan}`;

function fromStripeInterval(interval: string | undefined): BillingInterval {
  if (interval === 'month') return 'monthly';
  if (interval === 'year') return 'annual';
  throw new Error(`unsupported billing interval ${String(interval)}`);
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

/** The parts of a Stripe subscription billing keeps. */
export function readSubscription(
  sub: Stripe.Subscription,
): Omit<StoredSubscription, 'userId' | 'graceUntil' | 'lastEventAt'> & { customerId: string } {
  const item = sub.items.data[0];
  if (!item) throw new Error(`subscription ${sub.id} has no item`);
  const fromMetadata = planSchema.safeParse(sub.metadata?.plan);
  const productPlan = planSchema.safeParse(idOf(item.price.product)?.replace(/^shark_/, ''));
  const plan = fromMetadata.success
    ? fromMetadata.data
    : productPlan.success
      ? productPlan.data
      : null;
  if (!plan) throw new Error(`subscription ${sub.id} names no Shark plan`);
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: subscriptionStatusSchema.parse(sub.status),
    plan,
    interval: fromStripeInterval(item.price.recurring?.interval),
    currency: sub.currency,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: new Date(item.current_period_end * 1000),
  };
}

/** The subscription an event is about, or null for events billing does not act on. */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  if (event.type === 'checkout.session.completed') {
    return event.data.object.mode === 'subscription' ? idOf(event.data.object.subscription) : null;
  }
  if (
    event.type === 'customer.subscription.created' ||
    event.type === 'customer.subscription.updated' ||
    event.type === 'customer.subscription.deleted' ||
    event.type === 'customer.subscription.paused' ||
    event.type === 'customer.subscription.resumed'
  ) {
    return event.data.object.id;
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    return idOf(event.data.object.parent?.subscription_details?.subscription);
  }
  return null;
}
