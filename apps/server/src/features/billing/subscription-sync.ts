// A subscription as Stripe reports it, applied: stored (never rolled back by a late event), the
// account derived from it, a paid custom offer's features granted, and the creator told of each change
// once its transaction has committed.
import type Stripe from 'stripe';
import type { PlanCatalog } from '@shark/contracts/plans.ts';
import type { BillingConfig } from '#server/config/env.ts';
import type { Logger } from '#server/http/logger.ts';
import type { BillingNotice } from '#server/features/notifications/pipeline-notifications.ts';
import type {
  BillingQueries,
  BillingRepository,
  StoredSubscription,
} from './billing-repository.ts';
import {
  applySubscription,
  graceAfterFailure,
  type SubscriptionSnapshot,
} from './billing-state.ts';
import { readSubscription } from './billing-stripe.ts';

export function createSubscriptionSync(deps: {
  repo: BillingRepository;
  catalog: PlanCatalog;
  config: BillingConfig;
  logger: Logger;
  /** Tells the creator of a change (features/notifications), once its transaction is committed. */
  notify?: (notice: BillingNotice) => Promise<void>;
}) {
  const { catalog, config, logger } = deps;
  // What each transaction changed for the creator, told once it has committed (never for a rollback).
  const notices = new WeakMap<BillingQueries, BillingNotice[]>();
  const repo: BillingRepository = {
    ...deps.repo,
    async transaction(work) {
      const told: BillingNotice[] = [];
      const result = await deps.repo.transaction((q) => {
        told.length = 0;
        notices.set(q, told);
        return work(q);
      });
      for (const notice of told) await deps.notify?.(notice);
      return result;
    },
  };
  const tell = (q: BillingQueries, notice: BillingNotice) => notices.get(q)?.push(notice);
  const planName = (plan: StoredSubscription['plan']) => catalog.tiers[plan].name;

  /**
   * Stores the subscription as Stripe reports it and derives the account from it, in one transaction.
   * `eventAt` is the event's time: an event older than the newest applied one changes nothing, so a
   * late delivery cannot roll the state back. null: our own API call's answer, applied at once (the
   * event that confirms it follows).
   */
  async function applySnapshot(
    q: BillingQueries,
    raw: Stripe.Subscription,
    userId: string,
    eventAt: Date | null,
    grace: 'failed' | 'paid' | 'keep',
  ): Promise<boolean> {
    const read = readSubscription(raw);
    const stored = await q.subscription(read.id, true);
    if (stored && eventAt && eventAt.getTime() < stored.lastEventAt.getTime()) return false;
    const now = new Date();
    let graceUntil = stored?.graceUntil ?? null;
    if (grace === 'failed') graceUntil = graceAfterFailure(graceUntil, now, config.graceDays);
    // Paid, or back to active by any route: no payment is outstanding.
    if (grace === 'paid' || read.status === 'active' || read.status === 'trialing')
      graceUntil = null;
    // past_due before the failed-payment event arrived: the grace period starts now.
    if (read.status === 'past_due' && graceUntil === null)
      graceUntil = graceAfterFailure(null, now, config.graceDays);
    const next: StoredSubscription = {
      id: read.id,
      userId,
      status: read.status,
      plan: read.plan,
      interval: read.interval,
      currency: read.currency,
      cancelAtPeriodEnd: read.cancelAtPeriodEnd,
      currentPeriodEnd: read.currentPeriodEnd,
      graceUntil,
      lastEventAt:
        eventAt && (!stored || eventAt > stored.lastEventAt)
          ? eventAt
          : (stored?.lastEventAt ?? eventAt ?? now),
    };
    await q.saveSubscription(next);
    if (grace === 'failed' && graceUntil)
      tell(q, { kind: 'payment_failed', userId, subscriptionId: read.id, graceUntil });
    await deriveAccount(q, next, now);
    await grantPaidOffer(q, raw, userId, stored?.status, read.status);
    return true;
  }

  /**
   * A subscription started from a custom offer's checkout: her first payment (the subscription
   * becoming active from nothing or `incomplete`, which happens once per subscription) grants the
   * offer's extra features, on top of her grants. Only an offer she claimed counts.
   */
  async function grantPaidOffer(
    q: BillingQueries,
    raw: Stripe.Subscription,
    userId: string,
    before: StoredSubscription['status'] | undefined,
    now: StoredSubscription['status'],
  ): Promise<void> {
    const offerId = raw.metadata?.offerId;
    if (!offerId || (now !== 'active' && now !== 'trialing')) return;
    if (before !== undefined && before !== 'incomplete') return;
    const features = await q.claimedOfferFeatures(userId, offerId);
    if (!features) {
      logger.warn('billing: subscription names an offer its creator did not claim', {
        subscription: raw.id,
        offerId,
      });
      return;
    }
    await q.addGrantedFeatures(userId, features);
  }

  async function deriveAccount(
    q: BillingQueries,
    sub: StoredSubscription,
    now: Date,
  ): Promise<void> {
    const current = await q.account(sub.userId);
    const snapshot: SubscriptionSnapshot = sub;
    const next = applySubscription(current, snapshot, now);
    // An old subscription ending does not end a newer one's plan.
    if (
      next.status !== 'subscribed' &&
      current.status === 'subscribed' &&
      (await q.hasOtherLiveSubscription(sub.userId, sub.id))
    )
      return;
    if (
      next.status !== current.status ||
      next.plan !== current.plan ||
      next.cancelAtPeriodEnd !== current.cancelAtPeriodEnd ||
      next.subscribedSince?.getTime() !== current.subscribedSince?.getTime()
    ) {
      await q.saveAccount(sub.userId, next);
      const about = { userId: sub.userId, subscriptionId: sub.id };
      if (next.status === 'subscribed' && next.plan && current.status !== 'subscribed')
        tell(q, { kind: 'started', ...about, planName: planName(next.plan) });
      else if (
        next.status === 'subscribed' &&
        next.plan &&
        current.plan &&
        next.plan !== current.plan
      )
        tell(q, {
          kind: 'plan_changed',
          ...about,
          fromPlanName: planName(current.plan),
          toPlanName: planName(next.plan),
          at: now,
        });
      if (next.status === 'subscribed' && next.cancelAtPeriodEnd && !current.cancelAtPeriodEnd)
        tell(q, { kind: 'cancelled', ...about, endsAt: sub.currentPeriodEnd });
      if (current.status === 'subscribed' && next.status !== 'subscribed')
        tell(q, { kind: 'ended', ...about });
    }
  }

  /** The repository whose transactions tell the creator what they changed, once committed. */
  return { repo, applySnapshot, deriveAccount };
}

export type SubscriptionSync = ReturnType<typeof createSubscriptionSync>;
