// Plans and billing: Stripe Checkout, the Customer Portal, cancel/reactivate, and the webhooks that drive
// the subscription lifecycle (billing-state.ts). Without Stripe configured billing is manual (operators
// grant plans with the CLI) and every online action answers 409.
import type Stripe from 'stripe';
import { ONLINE_PAYMENT_NOT_CONFIGURED, type BillingSummary } from '@shark/contracts/billing.ts';
import type { PlanCatalog } from '@shark/contracts/plans.ts';
import { AppError } from '#server/http/app-error.ts';
import type { BillingConfig } from '#server/config/env.ts';
import type { Logger } from '#server/http/logger.ts';
import type { BillingNotice } from '#server/features/notifications/pipeline-notifications.ts';
import type { BillingRepository, StoredSubscription } from './billing-repository.ts';
import { createCheckout } from './billing-checkout.ts';
import { LIVE_STATUSES } from './billing-state.ts';
import { createStripeClient } from './billing-stripe.ts';
import { createWebhookHandler } from './billing-webhook.ts';
import { createSubscriptionSync } from './subscription-sync.ts';

export { createStripeClient, readSubscription } from './billing-stripe.ts';

const PAYMENTS_SHOWN = 20;

export function createBillingService(deps: {
  repo: BillingRepository;
  catalog: PlanCatalog;
  config: BillingConfig;
  publicUrl: string;
  logger: Logger;
  /** After a payment is recorded and committed (the affiliate ledger); its failure is logged, the payment stands. */
  onPaymentRecorded?: (paymentId: string) => Promise<void>;
  /** Tells the creator of a change (features/notifications), once its transaction is committed. */
  notify?: (notice: BillingNotice) => Promise<void>;
}) {
  const { catalog, config, logger } = deps;
  const { repo, applySnapshot, deriveAccount } = createSubscriptionSync(deps);
  const stripe = config.stripe ? createStripeClient(config.stripe) : null;

  function online(): Stripe {
    if (!stripe) throw new AppError('CONFLICT', ONLINE_PAYMENT_NOT_CONFIGURED);
    return stripe;
  }

  async function summary(userId: string): Promise<BillingSummary> {
    const sub = await repo.currentSubscription(userId);
    const payments = await repo.payments(userId, PAYMENTS_SHOWN);
    return {
      mode: stripe ? 'online' : 'manual',
      subscription: sub
        ? {
            plan: sub.plan,
            interval: sub.interval,
            currency: sub.currency,
            status: sub.status,
            cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
            currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
            graceUntil: sub.graceUntil?.toISOString() ?? null,
          }
        : null,
      payments: payments.map((p) => ({ ...p, paidAt: p.paidAt.toISOString() })),
    };
  }

  async function liveSubscription(userId: string): Promise<StoredSubscription | undefined> {
    const sub = await repo.currentSubscription(userId);
    return sub && LIVE_STATUSES.includes(sub.status) ? sub : undefined;
  }

  async function setCancel(userId: string, cancel: boolean): Promise<BillingSummary> {
    const client = online();
    const sub = await liveSubscription(userId);
    if (!sub)
      throw new AppError(
        'CONFLICT',
        'You have no running subscription to ' + (cancel ? 'cancel.' : 'reactivate.'),
      );
    if (sub.cancelAtPeriodEnd === cancel) return summary(userId);
    const updated = await client.subscriptions.update(sub.id, { cancel_at_period_end: cancel });
    await repo.transaction((q) => applySnapshot(q, updated, userId, null, 'keep'));
    return summary(userId);
  }

  return {
    mode: (): 'online' | 'manual' => (stripe ? 'online' : 'manual'),

    /** The plan catalog as the web shows it on /plans (prices in every currency, limits, features). */
    plans: (): PlanCatalog => catalog,

    summary,

    ...createCheckout({
      stripe,
      online,
      repo,
      catalog,
      publicUrl: deps.publicUrl,
      applySnapshot,
      liveSubscription,
      summary,
    }),

    /**
     * Ends her running subscription at Stripe now, not at the period's end (her account is being
     * deleted); false when she has none or billing is manual.
     */
    async cancelNow(userId: string): Promise<boolean> {
      if (!stripe) return false;
      const sub = await liveSubscription(userId);
      if (!sub) return false;
      const cancelled = await stripe.subscriptions.cancel(sub.id);
      await repo.transaction((q) => applySnapshot(q, cancelled, userId, null, 'keep'));
      return true;
    },

    cancel: (userId: string) => setCancel(userId, true),
    reactivate: (userId: string) => setCancel(userId, false),

    /** Verifies, de-duplicates and applies one webhook delivery. */
    handleWebhook: createWebhookHandler({
      online,
      config,
      repo,
      logger,
      applySnapshot,
      onPaymentRecorded: deps.onPaymentRecorded,
    }),

    /**
     * Ends what time has ended: grace periods that ran out without a payment, and cancelled
     * subscriptions past their period whose "deleted" event has not come.
     */
    async sweep(now: Date = new Date()): Promise<number> {
      let changed = 0;
      for (const due of await repo.dueForSweep(now)) {
        await repo.transaction(async (q) => {
          const sub = await q.subscription(due.id, true);
          if (!sub) return;
          const before = await q.account(sub.userId);
          await deriveAccount(q, sub, now);
          if ((await q.account(sub.userId)).status !== before.status) changed++;
        });
      }
      return changed;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
