// What /plans shows for each plan: its price in the chosen currency and interval, and which action its
// button takes given the creator's current plan. Pure, so the rules are tested without a browser.
import type {
  BillingInterval,
  BillingSubscription,
  SubscriptionStatus,
} from '@shark/contracts/billing.ts';
import type { PlanCatalog, Tier } from '@shark/contracts/plans.ts';
import { PLANS, type FrontendStatus, type Plan } from '@shark/contracts/user.ts';

/** An amount in the currency's minor unit (cents), as the catalog and Stripe keep it. */
export function formatPrice(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amountMinor / 100);
}

export function priceOf(
  catalog: PlanCatalog,
  plan: Plan,
  interval: BillingInterval,
  currency: string,
): number | null {
  return catalog.tiers[plan].prices[currency]?.[interval] ?? null;
}

/** How much cheaper a year is when paid annually, in whole percent (0 when it is not). */
export function annualSavingPercent(catalog: PlanCatalog, plan: Plan, currency: string): number {
  const price = catalog.tiers[plan].prices[currency];
  if (!price) return 0;
  const saving = 1 - price.annual / (price.monthly * 12);
  return saving > 0 ? Math.round(saving * 100) : 0;
}

/** The creator's plan now: `interval` is null when it was granted by an operator (no online subscription). */
export interface CurrentPlan {
  plan: Plan;
  interval: BillingInterval | null;
}

export type PlanAction =
  | { kind: 'current'; label: string }
  | { kind: 'subscribe' | 'upgrade' | 'downgrade' | 'switch'; label: string };

export function planAction(
  catalog: PlanCatalog,
  plan: Plan,
  interval: BillingInterval,
  current: CurrentPlan | null,
): PlanAction {
  const name = catalog.tiers[plan].name;
  if (!current) return { kind: 'subscribe', label: `Subscribe to ${name}` };
  if (current.plan === plan) {
    return current.interval === null || current.interval === interval
      ? { kind: 'current', label: 'Your current plan' }
      : { kind: 'switch', label: `Switch ${name} to ${interval} billing` };
  }
  return PLANS.indexOf(plan) > PLANS.indexOf(current.plan)
    ? { kind: 'upgrade', label: `Upgrade to ${name}` }
    : { kind: 'downgrade', label: `Downgrade to ${name}` };
}

/** Stripe statuses under which the subscription still runs (paid, or a payment being retried). */
const RUNNING: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

export function isRunning(
  subscription: BillingSubscription | null,
): subscription is BillingSubscription {
  return subscription !== null && RUNNING.includes(subscription.status);
}

/**
 * The plan a subscribed creator is on: the running online subscription's, else the tier whose limits
 * apply (a plan granted by an operator, with no interval). Nobody else has a current plan.
 */
export function currentPlanOf(
  status: FrontendStatus,
  tier: Tier | undefined,
  subscription: BillingSubscription | null,
): CurrentPlan | null {
  if (status !== 'subscribed') return null;
  if (isRunning(subscription)) return { plan: subscription.plan, interval: subscription.interval };
  if (tier && tier !== 'free') return { plan: tier, interval: null };
  return null;
}
