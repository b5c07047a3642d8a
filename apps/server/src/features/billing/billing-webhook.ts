// Stripe's webhook deliveries: the signature and its time checked, each event applied once, to the
// subscription as it is now (events may come late or twice), and a paid invoice recorded.
import type Stripe from 'stripe';
import { ONLINE_PAYMENT_NOT_CONFIGURED } from '@shark/contracts/billing.ts';
import type { BillingConfig } from '#server/config/env.ts';
import { AppError } from '#server/http/app-error.ts';
import { safeErrorMessage, type Logger } from '#server/http/logger.ts';
import type { BillingRepository } from './billing-repository.ts';
import { readSubscription, subscriptionIdOf } from './billing-stripe.ts';
import type { SubscriptionSync } from './subscription-sync.ts';

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

export function createWebhookHandler(deps: {
  online: () => Stripe;
  config: BillingConfig;
  repo: BillingRepository;
  logger: Logger;
  applySnapshot: SubscriptionSync['applySnapshot'];
  /** After a payment is recorded and committed (the affiliate ledger); its failure is logged, the payment stands. */
  onPaymentRecorded?: (paymentId: string) => Promise<void>;
}) {
  const { online, config, repo, logger, applySnapshot } = deps;

  /** Verifies, de-duplicates and applies one webhook delivery. */
  return async function handleWebhook(
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
    if (signedAt === null || signedAt > Math.floor(Date.now() / 1000) + WEBHOOK_TOLERANCE_SECONDS) {
      logger.warn('billing webhook refused: signed in the future', { event: event.id, signedAt });
      throw new AppError('BAD_REQUEST', WEBHOOK_TIME_REFUSED);
    }
    if (await repo.hasEvent(event.id)) return { duplicate: true };
    const eventAt = new Date(event.created * 1000);
    const subscriptionId = subscriptionIdOf(event);
    // The subscription as it is now, not as the event describes it: events may come late or twice.
    const current = subscriptionId ? await client.subscriptions.retrieve(subscriptionId) : null;
    const read = current ? readSubscription(current) : null;
    // Hers by the customer, which Shark made for her at her first checkout (metadata could name anyone).
    const userId = read ? ((await repo.userOfCustomer(read.customerId)) ?? null) : null;
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
  };
}
