// The affiliate programme (/api/affiliate/*, /api/referrals/*): every user's referral code and link, the
// clicks and sign-ups it brought, the commission ledger (pending → available → in a payout), and payout
// requests. Amounts are integers in the currency's smallest unit (cents), currencies lower-case ISO 4217.
import { z } from 'zod';
import { referralCodeSchema } from './auth.ts';

/** The programme's terms as the server applies them (configuration, see README). */
export const affiliateTermsSchema = z.object({
  /** The share of every payment of a referred customer, in basis points (2000 = 20 %). */
  commissionRateBps: z.number().int(),
  /** Days a commission stays pending (refunds, disputes) before it can be paid out. */
  holdDays: z.number().int(),
  /** The smallest payout, in the smallest unit of whichever currency is asked for (5000 = 50.00). */
  minPayout: z.number().int(),
});
export type AffiliateTerms = z.infer<typeof affiliateTermsSchema>;

/** Earnings in one currency: every commission is in exactly one of these. */
export const affiliateEarningsSchema = z.object({
  currency: z.string(),
  /** Still within the hold. */
  pending: z.number().int(),
  /** Past the hold and in no payout: what a payout request may ask for. */
  available: z.number().int(),
  /** In a payout the affiliate asked for that an operator has not yet paid. */
  requested: z.number().int(),
  /** In a payout an operator marked paid. */
  paid: z.number().int(),
});
export type AffiliateEarnings = z.infer<typeof affiliateEarningsSchema>;

/** GET /api/affiliate. */
export const affiliateOverviewSchema = z.object({
  code: z.string(),
  /** The sign-up page with the code: `${PUBLIC_URL}/sign-up?rFromSearch=<code>`. */
  link: z.string(),
  /** Visits through the link, one per visitor and day. */
  clicks: z.number().int(),
  /** Customers tied to the affiliate (for life). */
  signUps: z.number().int(),
  /** Of those, the ones who paid at least once. */
  payingCustomers: z.number().int(),
  /** One entry per currency earned in, by currency. */
  earnings: z.array(affiliateEarningsSchema),
  terms: affiliateTermsSchema,
});
export type AffiliateOverview = z.infer<typeof affiliateOverviewSchema>;

export const COMMISSION_STATUSES = ['pending', 'available', 'requested', 'paid'] as const;
export const commissionStatusSchema = z.enum(COMMISSION_STATUSES);
export type CommissionStatus = z.infer<typeof commissionStatusSchema>;

export const affiliateCommissionSchema = z.object({
  id: z.string(),
  /** The referred customer, masked (j•••@example.com): the affiliate sees who, not her address. */
  customer: z.string(),
  currency: z.string(),
  /** The commission. */
  amount: z.number().int(),
  /** The payment it is a share of. */
  paymentAmount: z.number().int(),
  rateBps: z.number().int(),
  status: commissionStatusSchema,
  availableAt: z.string(),
  createdAt: z.string(),
});
export type AffiliateCommission = z.infer<typeof affiliateCommissionSchema>;

export const COMMISSIONS_PAGE_SIZE = 20;

/** GET /api/affiliate/commissions?page=N (1-based). */
export const commissionsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'The page is a number from 1.' })
    .int('The page is a whole number.')
    .min(1, 'Pages start at 1.')
    .max(100_000, 'There are not that many pages.')
    .default(1),
});
export type CommissionsQuery = z.input<typeof commissionsQuerySchema>;

export const commissionPageSchema = z.object({
  items: z.array(affiliateCommissionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CommissionPage = z.infer<typeof commissionPageSchema>;

export const PAYOUT_STATUSES = ['requested', 'paid', 'rejected'] as const;
export const payoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

export const affiliatePayoutSchema = z.object({
  id: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  status: payoutStatusSchema,
  destination: z.string(),
  /** The operator's transfer reference (paid) or reason (rejected). */
  operatorNote: z.string().nullable(),
  /** Commissions the payout is made of. */
  commissionCount: z.number().int(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AffiliatePayout = z.infer<typeof affiliatePayoutSchema>;

/** GET /api/affiliate/payouts: newest first. */
export const payoutListSchema = z.object({ items: z.array(affiliatePayoutSchema) });
export type PayoutList = z.infer<typeof payoutListSchema>;

export const PAYOUT_DESTINATION_MAX_LENGTH = 300;

/** POST /api/affiliate/payouts: the whole available balance in one currency. */
export const payoutRequestSchema = z.object({
  currency: z
    .string({ error: 'Choose a currency.' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, 'Choose a currency such as usd.'),
  destination: z
    .string({ error: 'Say where the money should go.' })
    .trim()
    .min(
      5,
      'Say where the money should go: a PayPal address, or an IBAN with the account holder’s name.',
    )
    .max(PAYOUT_DESTINATION_MAX_LENGTH, `Use at most ${PAYOUT_DESTINATION_MAX_LENGTH} characters.`),
});
export type PayoutRequest = z.input<typeof payoutRequestSchema>;

/**
 * POST /api/referrals/clicks (no sign-in): the sign-up page opened through a referral link. Answered 204
 * whatever the code, so that the answer does not tell whether a code is an affiliate's.
 */
export const referralClickRequestSchema = z.object({
  code: referralCodeSchema.pipe(z.string().min(1, 'A referral code is required.')),
});
export type ReferralClickRequest = z.input<typeof referralClickRequestSchema>;

/** Operator: `shark payouts list`, as the CLI prints it. */
export const operatorPayoutSchema = affiliatePayoutSchema.extend({
  affiliateEmail: z.string(),
});
export type OperatorPayout = z.infer<typeof operatorPayoutSchema>;

/** The link an affiliate shares. */
export function referralLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/sign-up?rFromSearch=${encodeURIComponent(code)}`;
}

/** 2000 → "20 %" style figures: "20" or "12.5". */
export function percentOf(rateBps: number): string {
  return String(Number((rateBps / 100).toFixed(2)));
}
