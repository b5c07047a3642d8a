// Billing (/api/billing/*): Stripe Checkout to subscribe or change plan, the Customer Portal, cancel and
// reactivate, and what the creator's subscription and payments look like. Without Stripe configured the
// mode is 'manual': operators grant plans with the CLI and the web says online payment is not configured.
import { z } from 'zod';
import { planSchema } from './user.ts';

export const BILLING_MODES = ['online', 'manual'] as const;
export const billingModeSchema = z.enum(BILLING_MODES);
export type BillingMode = z.infer<typeof billingModeSchema>;

export const BILLING_INTERVALS = ['monthly', 'annual'] as const;
export const billingIntervalSchema = z.enum(BILLING_INTERVALS, {
  error: 'Choose monthly or annual billing.',
});
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

/** Stripe's subscription statuses, as Stripe sends them. */
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
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** The message of the 409 answered by checkout, portal, cancel and reactivate in manual mode. */
export const ONLINE_PAYMENT_NOT_CONFIGURED =
  'Online payment is not configured. Contact support to choose or change a plan.';

/** POST /api/billing/checkout: subscribe, or change the plan of the running subscription. */
export const checkoutRequestSchema = z.object({
  plan: planSchema,
  interval: billingIntervalSchema,
  /** A currency of the plan catalog (lower-case ISO 4217); a running subscription keeps its own. */
  currency: z
    .string({ error: 'Choose a currency.' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, 'Choose a currency such as usd.'),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const billingSubscriptionSchema = z.object({
  plan: planSchema,
  interval: billingIntervalSchema,
  currency: z.string(),
  status: subscriptionStatusSchema,
  /** Cancelled: runs until currentPeriodEnd, then ends. */
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string(),
  /** After a failed payment: the plan is kept until then, unless a payment succeeds. */
  graceUntil: z.string().nullable(),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;

export const billingPaymentSchema = z.object({
  id: z.string(),
  /** In the currency's smallest unit (cents). */
  amount: z.number().int(),
  currency: z.string(),
  source: z.enum(['stripe', 'manual']),
  invoiceUrl: z.string().nullable(),
  paidAt: z.string(),
});
export type BillingPayment = z.infer<typeof billingPaymentSchema>;

/** GET /api/billing. */
export const billingSummarySchema = z.object({
  mode: billingModeSchema,
  /** The current subscription at the payment provider, or null (never subscribed online, or manual). */
  subscription: billingSubscriptionSchema.nullable(),
  /** The newest payments first. */
  payments: z.array(billingPaymentSchema),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

/**
 * POST /api/billing/checkout: `url` is Stripe Checkout's page to send the browser to; null when a running
 * subscription's plan was changed in place (then `billing` is the new state).
 */
export const checkoutResultSchema = z.object({
  url: z.string().nullable(),
  billing: billingSummarySchema.nullable(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** POST /api/billing/portal: the Customer Portal's page (payment methods, invoices). */
export const redirectUrlSchema = z.object({ url: z.string() });
export type RedirectUrl = z.infer<typeof redirectUrlSchema>;
