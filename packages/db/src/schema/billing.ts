// Stripe customers and subscriptions, webhook events and payments.
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import {
  createdAt,
  id,
  optionalRef,
  timestamptz,
  timestamptzNow,
  updatedAt,
  userId,
  userKey,
} from './columns.ts';
import { user } from './auth.ts';

/** The creator's customer record at the payment provider (one per user, made at her first checkout). */
export const billingCustomer = pgTable('billing_customer', {
  userId: userKey('user_id'),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: createdAt(),
});

/** Stripe's subscription statuses, kept as Stripe sends them. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;

/**
 * A subscription at the payment provider, as last seen. account_state holds what the app derives from
 * it (status, plan, cancelled-but-active); this row keeps the provider's side and the ordering guard.
 */
export const billingSubscription = pgTable(
  'billing_subscription',
  {
    /** Stripe's subscription id (sub_…). */
    id: id(),
    userId: userId(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    plan: text('plan', { enum: ['standard', 'plus', 'premium'] }).notNull(),
    interval: text('interval', { enum: ['monthly', 'annual'] }).notNull(),
    currency: text('currency').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    /** After a failed payment: until when the creator keeps her plan before she becomes former. */
    graceUntil: timestamptz('grace_until'),
    /** The newest provider event applied (its `created`): an older event never overwrites a newer state. */
    lastEventAt: timestamptz('last_event_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('billing_subscription_user_idx').on(t.userId),
    index('billing_subscription_grace_idx').on(t.graceUntil),
  ],
);

/** Every webhook event processed, by the provider's event id: a repeated delivery is answered and ignored. */
export const billingEvent = pgTable('billing_event', {
  id: id(),
  type: text('type').notNull(),
  userId: optionalRef('user_id', () => user.id),
  /** When the provider created the event. */
  createdAtProvider: timestamptz('created_at_provider').notNull(),
  processedAt: timestamptzNow('processed_at'),
});

/** A payment the creator made (a paid invoice, or an operator's manual grant with an amount): the affiliate ledger's source. */
export const billingPayment = pgTable(
  'billing_payment',
  {
    /** Stripe's invoice id (in_…), or an id of our own for manual payments. */
    id: id(),
    userId: userId(),
    subscriptionId: text('subscription_id'),
    /** In the currency's smallest unit. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    source: text('source', { enum: ['stripe', 'manual'] }).notNull(),
    /** The provider's invoice page, when there is one. */
    invoiceUrl: text('invoice_url'),
    paidAt: timestamptz('paid_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('billing_payment_user_idx').on(t.userId, t.paidAt)],
);
