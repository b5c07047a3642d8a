// A user's subscription state and grants, and her public DMCA badge.
import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { user } from './auth.ts';

/** Subscription state and grants of one user; a missing row means a free user with no grants. */
export const accountState = pgTable('account_state', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['free', 'subscribed', 'former'] })
    .notNull()
    .default('free'),
  plan: text('plan', { enum: ['standard', 'plus', 'premium'] }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  grantedFeatures: text('granted_features')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** An operator's suggestion to upgrade, shown in the sidebar's upgrade box. */
  suggestUpgradeMessage: text('suggest_upgrade_message'),
  onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true }),
  /** When the current subscription began; the public badge shows it. */
  subscribedSince: timestamp('subscribed_since', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** The creator's DMCA badge: a public identifier that reveals nothing but the protection status. */
export const badge = pgTable('badge', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  publicId: text('public_id').notNull().unique(),
  createdAt: createdAt(),
});
