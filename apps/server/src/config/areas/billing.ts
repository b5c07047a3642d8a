// Billing (features/billing): Stripe when both its secrets are set, else manual; the grace period after a failed payment.
import { z } from 'zod';
import { optionalHttpUrl, optionalString, positiveInt, type IsSet } from './values.ts';

export const billingVariables = z.object({
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalHttpUrl.transform((v) => v ?? 'https://api.stripe.com'),
  BILLING_GRACE_DAYS: positiveInt(7),
  BILLING_SWEEP_SECONDS: positiveInt(300),
});

export function billingProblems(set: IsSet): string[] {
  if (set('STRIPE_SECRET_KEY') === set('STRIPE_WEBHOOK_SECRET')) return [];
  const missing = set('STRIPE_SECRET_KEY') ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
  return [
    `${missing}: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together (online payment) or not at all (manual billing)`,
  ];
}

export function billingConfig(env: z.infer<typeof billingVariables>) {
  return {
    /** Billing (features/billing): Stripe when both its secrets are set, else manual; the grace period after a failed payment. */
    billing: {
      /** null: manual billing (operators grant plans with the CLI). */
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              /** Stripe's API, or a stand-in's (tests). */
              apiUrl: env.STRIPE_API_URL.replace(/\/+$/, ''),
            }
          : null,
      /** After a failed payment: days the creator keeps her plan before she becomes former. */
      graceDays: env.BILLING_GRACE_DAYS,
      /** How often workers end grace periods and cancelled subscriptions whose time ran out. */
      sweepSeconds: env.BILLING_SWEEP_SECONDS,
    },
  };
}
