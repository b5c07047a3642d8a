// Search options of /plans. Kept apart from the page so the route's validation does not pull the
// page component into the entry chunk.
import * as z from 'zod/mini';

export const PLANS_REASONS = ['authorization_required'] as const;
export type PlansReason = (typeof PLANS_REASONS)[number];

/** Where Stripe Checkout sends the browser back: paid (success) or left (cancelled). */
export const CHECKOUT_RETURNS = ['success', 'cancelled'] as const;
export type CheckoutReturnState = (typeof CHECKOUT_RETURNS)[number];

/**
 * `reason` is set by the access guard when it turns a user away from a page; `checkout` by the server's
 * Checkout success and cancel URLs.
 */
export const plansSearchSchema = z.object({
  reason: z.optional(z.enum(PLANS_REASONS)),
  checkout: z.optional(z.enum(CHECKOUT_RETURNS)),
});
