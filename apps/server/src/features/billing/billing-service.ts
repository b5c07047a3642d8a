// Plans and billing: Stripe Checkout, the Customer Portal, cancel/reactivate, and the webhooks that drive
// the subscription lifecycle (billing-state.ts). Without Stripe configured billing is manual (operators
// grant plans with the CLI) and every online action answers 409.
import Stripe from 'stripe';
import {
  ONLINE_PAYMENT_NOT_CONFIGURED,
  subscriptionStatusSchema,
  type BillingInterval,
  type BillingSummary,
  type CheckoutRequest,
  type CheckoutResult,
} from '@shark/contracts/billing.ts';
import type { PublicOffer } from '@shark/contracts/offers.ts';
import type { PlanCatalog } from '@shark/contracts/plans.ts';
import { planSchema, type Plan } from '@shark/contracts/user.ts';
import { AppError } from '#server/http/app-error.ts';
import type { BillingConfig, StripeSettings } from '#server/config/env.ts';
import { safeErrorMessage, type Logger } from '#server/http/logger.ts';
import { startPeriodicSweep, type PeriodicSweep } from '#server/jobs/periodic-sweep.ts';
import type { BillingNotice } from '#server/features/notifications/pipeline-notifications.ts';
import type {
  BillingQueries,
  BillingRepository,
  StoredSubscription,
} from './billing-repository.ts';
import {
  applySubscription,
  graceAfterFailure,
  LIVE_STATUSES,
  type SubscriptionSnapshot,
} from './billing-state.ts';

const TO_STRIPE_INTERVAL = { monthly: 'month', annual: 'year' } as const;
const PAYMENTS_SHOWN = 20;
/**
 * How far a webhook's signature time may be from our clock, either way. Stripe's SDK refuses only old
 * signatures; a signature dated ahead would stay replayable until that time. Stripe signs every delivery
 * and retry afresh, so a refused one is retried with a current time.
 */
const WEBHOOK_TOLERANCE_SECONDS = 300;
const WEBHOOK_TIME_REFUSED = `The webhook signature's time is more than ${WEBHOOK_TOLERANCE_SECONDS} seconds from the server's clock.`;

/** The t= of a Stripe-Signature header, in seconds; null unless there is exactly one, well-formed. */
function signedAtOf(header: string): number | null {
  const times = header
    .split(',')
    .map((part) => part.trim().split('='))
    .filter(([key]) => key === 't')
    .map(([, value]) => value ?? '');
  // Stripe's SDK checks the last t=; with one only, the time checked here is the one that was signed.
  return times.length === 1 && /^\d{1,12}$/.test(times[0]!) ? Number(times[0]) : null;
}

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
const productId = (plan: Plan) => `shark_${plan}`;

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
function subscriptionIdOf(event: Stripe.Event): string | null {
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
  const stripe = config.stripe ? createStripeClient(config.stripe) : null;

  function online(): Stripe {
    if (!stripe) throw new AppError('CONFLICT', ONLINE_PAYMENT_NOT_CONFIGURED);
    return stripe;
  }

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

  /** By the customer, which Shark made for her at her first checkout (metadata could name anyone). */
  async function userOf(read: ReturnType<typeof readSubscription>): Promise<string | null> {
    return (await repo.userOfCustomer(read.customerId)) ?? null;
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
    async handleWebhook(
      payload: string,
      signature: string | undefined,
    ): Promise<{ duplicate: boolean }> {
      const client = online();
      if (!config.stripe) throw new AppError('CONFLICT', ONLINE_PAYMENT_NOT_CONFIGURED);
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no Stripe-Signature header');
        event = client.webhooks.constructEvent(
          payload,
          signature,
          config.stripe.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        logger.warn('billing webhook refused', { err: safeErrorMessage(error) });
        const isTooOld = error instanceof Error && /tolerance/i.test(error.message);
        throw new AppError(
          'BAD_REQUEST',
          isTooOld ? WEBHOOK_TIME_REFUSED : 'The webhook signature is missing or invalid.',
        );
      }
      const signedAt = signedAtOf(signature ?? '');
      if (
        signedAt === null ||
        signedAt > Math.floor(Date.now() / 1000) + WEBHOOK_TOLERANCE_SECONDS
      ) {
        logger.warn('billing webhook refused: signed in the future', { event: event.id, signedAt });
        throw new AppError('BAD_REQUEST', WEBHOOK_TIME_REFUSED);
      }
      if (await repo.hasEvent(event.id)) return { duplicate: true };
      const eventAt = new Date(event.created * 1000);
      const subscriptionId = subscriptionIdOf(event);
      // The subscription as it is now, not as the event describes it: events may come late or twice.
      const current = subscriptionId ? await client.subscriptions.retrieve(subscriptionId) : null;
      const read = current ? readSubscription(current) : null;
      const userId = read ? await userOf(read) : null;
      if (current && !userId)
        logger.warn('billing event for an unknown customer', {
          event: event.id,
          subscription: subscriptionId,
        });
      let paymentId: string | null = null;
      const result = await repo.transaction(async (q) => {
        if (!(await q.recordEvent({ id: event.id, type: event.type, userId, createdAt: eventAt })))
          return { duplicate: true };
        if (!current || !userId) return { duplicate: false };
        if (event.type === 'invoice.paid') {
          const invoice = event.data.object;
          if (invoice.amount_paid > 0) {
            paymentId = invoice.id ?? event.id;
            await q.recordPayment({
              id: paymentId,
              userId,
              subscriptionId,
              amount: invoice.amount_paid,
              currency: invoice.currency,
              invoiceUrl: invoice.hosted_invoice_url ?? null,
              paidAt: new Date((invoice.status_transitions?.paid_at ?? invoice.created) * 1000),
            });
          }
        }
        const grace =
          event.type === 'invoice.paid'
            ? 'paid'
            : event.type === 'invoice.payment_failed'
              ? 'failed'
              : 'keep';
        await applySnapshot(q, current, userId, eventAt, grace);
        return { duplicate: false };
      });
      if (paymentId !== null && deps.onPaymentRecorded) {
        const recorded: string = paymentId;
        // Idempotent by payment id; a failure here is caught up by the affiliate sweep.
        await deps.onPaymentRecorded(recorded).catch((error: unknown) => {
          logger.error('billing: crediting the payment to the affiliate ledger failed', {
            payment: recorded,
            err: safeErrorMessage(error),
          });
        });
      }
      return result;
    },

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

export function startBillingSweeper(deps: {
  billing: BillingService;
  everySeconds: number;
  logger: Logger;
}): PeriodicSweep {
  return startPeriodicSweep({
    name: 'billing sweep',
    everySeconds: deps.everySeconds,
    logger: deps.logger,
    sweep: () => deps.billing.sweep(new Date()),
  });
}
