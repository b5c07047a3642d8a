// Custom offers: a plan at a price the operator chose, with extra features, an expiry and a
// number of claims, shown publicly at /custom-offer/{customOfferId} and claimed at /claim-offer.
import { z } from 'zod';
import { planSchema, specialFeatureSchema } from './user.ts';

export const OFFER_INTERVALS = ['monthly', 'annual'] as const;
export const offerIntervalSchema = z.enum(OFFER_INTERVALS, {
  error: 'The interval is monthly or annual.',
});
export type OfferInterval = z.infer<typeof offerIntervalSchema>;

/** Why an offer can or cannot be claimed now; revoked wins over expired, expired over used up. */
export const OFFER_STATES = ['active', 'expired', 'revoked', 'used_up'] as const;
export const offerStateSchema = z.enum(OFFER_STATES);
export type OfferState = z.infer<typeof offerStateSchema>;

export const OFFER_HEADLINE_MAX_LENGTH = 200;
/** Prices are in the currency's smallest unit; one million dollars is plenty for one subscription. */
export const OFFER_PRICE_MAX = 100_000_000;

/** The offer as anyone with its link sees it: never who claimed it. */
export const publicOfferSchema = z.object({
  id: z.string(),
  plan: planSchema,
  interval: offerIntervalSchema,
  /** ISO 4217, lower case (usd). */
  currency: z.string(),
  /** In the currency's smallest unit (cents). 0: free. */
  price: z.number().int(),
  /** Special features granted on top of the plan's own. */
  features: z.array(specialFeatureSchema),
  headline: z.string().nullable(),
  expiresAt: z.string().nullable(),
  isSingleUse: z.boolean(),
  state: offerStateSchema,
  /** The message for a state other than active; null when the offer can be claimed. */
  stateMessage: z.string().nullable(),
});
export type PublicOffer = z.infer<typeof publicOfferSchema>;

/** POST /api/custom-offers/{customOfferId}/claim: what happened, and what comes next. */
export const claimOfferResultSchema = z.object({
  offer: publicOfferSchema,
  claimedAt: z.string(),
  /** false: she had claimed it before; the claim was not counted again. */
  isNewClaim: z.boolean(),
  /** granted: the plan and features are hers now; payment: the claim is reserved until she pays. */
  next: z.enum(['granted', 'payment']),
  /** Where she pays, when online payment is set up; null otherwise. */
  checkoutUrl: z.string().nullable(),
  message: z.string(),
});
export type ClaimOfferResult = z.infer<typeof claimOfferResultSchema>;

export const customOfferIdSchema = z
  .string()
  .trim()
  .min(1, 'An offer id is required.')
  .max(200, 'That is not an offer id.');

/** `shark offers create`: the operator's new offer. */
export const createOfferSchema = z.object({
  plan: planSchema,
  interval: offerIntervalSchema,
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, 'The currency is a three-letter ISO 4217 code such as usd or eur.'),
  price: z
    .number()
    .int('The price is a whole number of cents (2999 for 29.99).')
    .min(0, 'The price cannot be negative.')
    .max(OFFER_PRICE_MAX, `The price is at most ${OFFER_PRICE_MAX} cents.`),
  features: z.array(specialFeatureSchema).default([]),
  headline: z
    .string()
    .trim()
    .max(
      OFFER_HEADLINE_MAX_LENGTH,
      `Keep the headline under ${OFFER_HEADLINE_MAX_LENGTH} characters.`,
    )
    .nullish(),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'The expiry is a date (2027-01-31) or an ISO date and time.' })
    .nullish(),
  maxClaims: z
    .number()
    .int('The number of claims is a whole number.')
    .min(1, 'An offer allows at least one claim.')
    .nullish(),
  createdBy: z.string().trim().max(200).nullish(),
});
export type CreateOffer = z.input<typeof createOfferSchema>;

/** The operator's view: the counts, the state and who claimed it. */
export const operatorOfferSchema = publicOfferSchema.extend({
  maxClaims: z.number().int().nullable(),
  claimCount: z.number().int(),
  revokedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** The public page to send to the creator. */
  link: z.string(),
});
export type OperatorOffer = z.infer<typeof operatorOfferSchema>;

export const offerClaimSchema = z.object({
  userId: z.string(),
  email: z.string(),
  claimedAt: z.string(),
});
export const operatorOfferDetailSchema = operatorOfferSchema.extend({
  claims: z.array(offerClaimSchema),
});
export type OperatorOfferDetail = z.infer<typeof operatorOfferDetailSchema>;
