// Known scams aimed at creators.
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, optionalRef, textArray, timestamptz, updatedAt } from './columns.ts';
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
    id: id(),
    kind: text('kind', { enum: RISK_REGISTRY_KINDS }).notNull(),
    name: text('name').notNull(),
    /** Websites, handles and e-mail addresses it uses. */
    identifiers: textArray('identifiers'),
    description: text('description').notNull(),
    /** Links to screenshots, posts or messages that show it. */
    evidenceUrls: textArray('evidence_urls'),
    /** When it was first seen doing this, as reported. */
    firstSeenOn: text('first_seen_on'),
    status: text('status', { enum: ['pending', 'published', 'rejected'] })
      .notNull()
      .default('pending'),
    reportedBy: optionalRef('reported_by', () => user.id),
    reviewNote: text('review_note'),
    reviewedBy: text('reviewed_by'),
    publishedAt: timestamptz('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('risk_registry_status_idx').on(t.status, t.publishedAt),
    index('risk_registry_reporter_idx').on(t.reportedBy),
  ],
);
