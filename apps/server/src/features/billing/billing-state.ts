// The subscription lifecycle as a pure function: what the creator's account becomes, given the
// subscription as the payment provider last reported it and the time. Webhooks and the sweep both use it.
import type { SubscriptionStatus } from '@shark/contracts/billing.ts';
import type { FrontendStatus, Plan } from '@shark/contracts/user.ts';

export interface SubscriptionSnapshot {
  status: SubscriptionStatus;
  plan: Plan;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
  /** Set after a failed payment; null when none is outstanding. */
  graceUntil: Date | null;
}

/** The part of account_state that billing decides. */
export interface BillingAccount {
  status: FrontendStatus;
  plan: Plan | null;
  cancelAtPeriodEnd: boolean;
  subscribedSince: Date | null;
}

/** Statuses under which the creator has paid, or is still trying to pay, for the current period. */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/** Whether the snapshot entitles the creator to her plan at `now`. */
export function isEntitling(sub: SubscriptionSnapshot, now: Date): boolean {
  switch (sub.status) {
    case 'active':
    case 'trialing':
      // Cancelled at the period's end: active until then, even if the provider's "deleted" event is late.
      return !(sub.cancelAtPeriodEnd && sub.currentPeriodEnd.getTime() <= now.getTime());
    case 'past_due':
      // A failed renewal keeps the plan during the grace period only.
      return sub.graceUntil === null || sub.graceUntil.getTime() > now.getTime();
    case 'incomplete':
    case 'incomplete_expired':
    case 'canceled':
    case 'unpaid':
    case 'paused':
      return false;
  }
}

/**
 * The account after applying the subscription. `incomplete` (the first payment is still running) changes
 * nothing; an entitling subscription makes her subscribed on its plan; any other ends the subscription:
 * former if she was subscribed (or already former), while a free creator who never paid stays free.
 */
export function applySubscription(
  current: BillingAccount,
  sub: SubscriptionSnapshot,
  now: Date,
): BillingAccount {
  if (sub.status === 'incomplete') return current;
  if (isEntitling(sub, now)) {
    return {
      status: 'subscribed',
      plan: sub.plan,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      subscribedSince:
        current.status === 'subscribed' && current.subscribedSince ? current.subscribedSince : now,
    };
  }
  return lapse(current);
}

/** The subscription ended: a subscribed creator becomes former and keeps no plan. */
export function lapse(current: BillingAccount): BillingAccount {
  const status: FrontendStatus = current.status === 'free' ? 'free' : 'former';
  return { status, plan: null, cancelAtPeriodEnd: false, subscribedSince: null };
}

/** The grace period after a failed payment: the first failure starts it; later failures do not extend it. */
export function graceAfterFailure(existing: Date | null, now: Date, graceDays: number): Date {
  return existing ?? new Date(now.getTime() + graceDays * 24 * 3600 * 1000);
}
