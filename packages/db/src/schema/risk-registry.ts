// Known scams aimed at creators.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { user } from './auth.ts';

export const RISK_REGISTRY_KINDS = [
  'fake_agency',
  'fake_takedown_service',
  'leak_seller',
  'phishing_account',
  'other',
] as const;

/** A known scam aimed at creators: reported by a creator or an operator, published after review. */
export const riskRegistryEntry = pgTable(
  'risk_registry_entry',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: RISK_REGISTRY_KINDS }).notNull(),
    name: text('name').notNull(),
    /** Websites, handles and e-mail addresses it uses. */
    identifiers: text('identifiers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description').notNull(),
    /** Links to screenshots, posts or messages that show it. */
    evidenceUrls: text('evidence_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When it was first seen doing this, as reported. */
    firstSeenOn: text('first_seen_on'),
    status: text('status', { enum: ['pending', 'published', 'rejected'] })
      .notNull()
      .default('pending'),
    reportedBy: text('reported_by').references(() => user.id, { onDelete: 'set null' }),
    reviewNote: text('review_note'),
    reviewedBy: text('reviewed_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('risk_registry_status_idx').on(t.status, t.publishedAt),
    index('risk_registry_reporter_idx').on(t.reportedBy),
  ],
);
