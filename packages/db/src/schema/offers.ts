// Operators' custom offers and who claimed them.
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import {
  createdAt,
  id,
  parentRef,
  textArray,
  timestamptz,
  timestamptzNow,
  userId,
} from './columns.ts';

/** An operator's offer: a plan at a price, with features, until it expires or its claims run out. */
export const customOffer = pgTable('custom_offer', {
  /** Public and unguessable: it is the link's {customOfferId}. */
  id: id(),
  plan: text('plan', { enum: ['standard', 'plus', 'premium'] }).notNull(),
  interval: text('interval', { enum: ['monthly', 'annual'] }).notNull(),
  currency: text('currency').notNull(),
  /** In the currency's smallest unit. */
  price: integer('price').notNull(),
  /** Special features granted on top of the plan's own. */
  features: textArray('features'),
  /** Shown on the offer page. */
  headline: text('headline'),
  expiresAt: timestamptz('expires_at'),
  /** 1: single-use; null: no limit. */
  maxClaims: integer('max_claims'),
  claimCount: integer('claim_count').notNull().default(0),
  revokedAt: timestamptz('revoked_at'),
  createdBy: text('created_by'),
  createdAt: createdAt(),
});

export const customOfferClaim = pgTable(
  'custom_offer_claim',
  {
    offerId: parentRef('offer_id', () => customOffer.id),
    userId: userId(),
    claimedAt: timestamptzNow('claimed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.userId] }),
    index('custom_offer_claim_user_idx').on(t.userId),
  ],
);
