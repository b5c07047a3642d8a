// Referral codes, clicks and ties, and affiliates' commissions and payouts.
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import {
  createdAt,
  id,
  optionalRef,
  timestamptz,
  timestamptzNow,
  userKey,
  userRef,
} from './columns.ts';
import { user } from './auth.ts';
import { billingPayment } from './billing.ts';

/** Every user's own referral code: the link /sign-up?rFromSearch={code} and the code typed at sign-up. */
export const affiliateCode = pgTable('affiliate_code', {
  userId: userKey('user_id'),
  code: text('code').notNull().unique(),
  createdAt: createdAt(),
});

/** A visit through an affiliate's link, counted once per visitor and day. */
export const referralClick = pgTable(
  'referral_click',
  {
    affiliateUserId: userRef('affiliate_user_id'),
    /** A hash of the visitor's cookie id: no address or agent is kept. */
    visitorHash: text('visitor_hash').notNull(),
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.affiliateUserId, t.visitorHash, t.day] }),
    index('referral_click_affiliate_idx').on(t.affiliateUserId, t.createdAt),
  ],
);

/** The lifelong tie between a referred customer and her affiliate, made once at sign-up. */
export const referral = pgTable(
  'referral',
  {
    referredUserId: userKey('referred_user_id'),
    affiliateUserId: userRef('affiliate_user_id'),
    /** How the code came: typed at sign-up, or carried by the link (rFromSearch). */
    via: text('via', { enum: ['code', 'link'] }).notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('referral_affiliate_idx').on(t.affiliateUserId, t.createdAt)],
);

/** A payout an affiliate asked for, which an operator marks paid. */
export const affiliatePayout = pgTable(
  'affiliate_payout',
  {
    id: id(),
    affiliateUserId: userRef('affiliate_user_id'),
    currency: text('currency').notNull(),
    /** In the currency's smallest unit. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['requested', 'paid', 'rejected'] })
      .notNull()
      .default('requested'),
    /** Where to send it (the affiliate's words: PayPal address, IBAN…). */
    destination: text('destination').notNull(),
    /** The operator's reference for the transfer, or why it was rejected. */
    operatorNote: text('operator_note'),
    requestedAt: timestamptzNow('requested_at'),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    index('affiliate_payout_affiliate_idx').on(t.affiliateUserId, t.requestedAt),
    index('affiliate_payout_status_idx').on(t.status),
  ],
);

/** The affiliate's share of one payment: pending until the hold passes, then available, then in a payout. */
export const affiliateCommission = pgTable(
  'affiliate_commission',
  {
    id: id(),
    /** One commission per payment, whatever the number of deliveries. */
    paymentId: text('payment_id')
      .notNull()
      .unique()
      .references(() => billingPayment.id, { onDelete: 'cascade' }),
    affiliateUserId: userRef('affiliate_user_id'),
    referredUserId: optionalRef('referred_user_id', () => user.id),
    currency: text('currency').notNull(),
    /** In the currency's smallest unit. */
    amount: integer('amount').notNull(),
    /** The share applied, in basis points (2000 = 20 %). */
    rateBps: integer('rate_bps').notNull(),
    /** When it stops being pending and can be paid out. */
    availableAt: timestamptz('available_at').notNull(),
    payoutId: optionalRef('payout_id', () => affiliatePayout.id),
    createdAt: createdAt(),
  },
  (t) => [index('affiliate_commission_affiliate_idx').on(t.affiliateUserId, t.createdAt)],
);
