// The operator's work in the staff console (admins): custom offers and affiliates' payouts, the same
// actions as `shark offers` and `shark payouts`.
import { z } from 'zod';
import { operatorPayoutSchema, payoutStatusSchema } from './affiliates.ts';
import { customOfferIdSchema, operatorOfferSchema } from './offers.ts';

/** GET /api/staff/offers: every offer, newest first. */
export const staffOfferListSchema = z.object({ offers: z.array(operatorOfferSchema) });
export type StaffOfferList = z.infer<typeof staffOfferListSchema>;

export const staffOfferIdParamSchema = z.object({ id: customOfferIdSchema });

/** GET /api/staff/payouts?status=: requested ones by default, the ones waiting for money. */
export const staffPayoutQuerySchema = z.object({
  status: z.union([payoutStatusSchema, z.literal('all')]).default('requested'),
});
export type StaffPayoutQuery = z.input<typeof staffPayoutQuerySchema>;

export const staffPayoutListSchema = z.object({ payouts: z.array(operatorPayoutSchema) });
export type StaffPayoutList = z.infer<typeof staffPayoutListSchema>;

export const staffPayoutIdParamSchema = z.object({
  id: z.string().trim().min(1, 'A payout id is required.').max(200),
});

/** POST /api/staff/payouts/{id}/paid: the transfer's reference, shown to the affiliate. */
export const markPayoutPaidSchema = z.object({
  reference: z
    .string({ error: 'Give the transfer’s reference.' })
    .trim()
    .min(1, 'Give the transfer’s reference.')
    .max(1000),
});
export type MarkPayoutPaid = z.infer<typeof markPayoutPaidSchema>;

/** POST /api/staff/payouts/{id}/reject: why, shown to the affiliate. */
export const rejectPayoutSchema = z.object({
  reason: z
    .string({ error: 'Give the reason for the rejection.' })
    .trim()
    .min(1, 'Give the reason for the rejection.')
    .max(1000),
});
export type RejectPayout = z.infer<typeof rejectPayoutSchema>;
