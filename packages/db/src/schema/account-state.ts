// A user's subscription state and grants, and her public DMCA badge.
import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, textArray, timestamptz, updatedAt, userKey } from './columns.ts';

/** Subscription state and grants of one user; a missing row means a free user with no grants. */
export const accountState = pgTable('account_state', {
  userId: userKey('user_id'),
  status: text('status', { enum: ['free', 'subscribed', 'former'] })
    .notNull()
    .default('free'),
  plan: text('plan', { enum: ['standard', 'plus', 'premium'] }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  grantedFeatures: textArray('granted_features'),
  /** An operator's suggestion to upgrade, shown in the sidebar's upgrade box. */
  suggestUpgradeMessage: text('suggest_upgrade_message'),
  onboardingCompletedAt: timestamptz('onboarding_completed_at'),
  /** When the current subscription began; the public badge shows it. */
  subscribedSince: timestamptz('subscribed_since'),
  updatedAt: updatedAt(),
});

/** The creator's DMCA badge: a public identifier that reveals nothing but the protection status. */
export const badge = pgTable('badge', {
  userId: userKey('user_id'),
  publicId: text('public_id').notNull().unique(),
  createdAt: createdAt(),
});
