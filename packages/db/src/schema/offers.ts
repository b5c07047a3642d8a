// Operators' custom offers and who claimed them.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { user } from './auth.ts';

/** An operator's offer: a plan at a price, with features, until it expires or its claims run out. */
export const customOffer = pgTable('custom_offer', {
  /** Public and unguessable: it is the link's {customOfferId}. */
  id: text('id').primaryKey(),
  plan: text('plan', { enum: ['standard', 'plus', 'premium'] }).notNull(),
  interval: text('interval', { enum: ['monthly', 'annual'] }).notNull(),
  currency: text('currency').notNull(),
  /** In the currency's smallest unit. */
  price: integer('price').notNull(),
  /** Special features granted on top of the plan's own. */
  features: text('features')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Shown on the offer page. */
  headline: text('headline'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** 1: single-use; null: no limit. */
  maxClaims: integer('max_claims'),
  claimCount: integer('claim_count').notNull().default(0),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdBy: text('created_by'),
  createdAt: createdAt(),
});

export const customOfferClaim = pgTable(
  'custom_offer_claim',
  {
    offerId: text('offer_id')
      .notNull()
      .references(() => customOffer.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.userId] }),
    index('custom_offer_claim_user_idx').on(t.userId),
  ],
);
