// URLs and fake profiles the creator reported herself.
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, optionalRef, timestamptz, updatedAt, userId } from './columns.ts';
import { finding } from './findings.ts';

export const REPORTED_URL_STATUSES = ['queued', 'matched', 'unmatched', 'failed'] as const;

/** A URL the creator reported (Report Leaks), fetched and matched, then tracked as a finding. */
export const reportedUrl = pgTable(
  'reported_url',
  {
    id: id(),
    userId: userId(),
    url: text('url').notNull(),
    normalizedUrl: text('normalized_url').notNull(),
    status: text('status', { enum: REPORTED_URL_STATUSES }).notNull(),
    /** The finding it became. */
    findingId: optionalRef('finding_id', () => finding.id),
    /** Why it failed, or what the fetch saw, in words. */
    detail: text('detail'),
    /** The creator stated she owns the content at that URL. */
    ownershipConfirmedAt: timestamptz('ownership_confirmed_at').notNull(),
    /** Which page it came from: Report Leaks, or Free Removals (it counts against the promotional allowance). */
    via: text('via', { enum: ['report_leaks', 'promo'] })
      .notNull()
      .default('report_leaks'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reported_url_user_url_idx').on(t.userId, t.normalizedUrl),
    index('reported_url_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A fake profile the creator reported (Report Impersonation). */
export const impersonationReport = pgTable(
  'impersonation_report',
  {
    id: id(),
    userId: userId(),
    url: text('url').notNull(),
    normalizedUrl: text('normalized_url').notNull(),
    platform: text('platform').notNull(),
    username: text('username'),
    /** What shows it poses as her, in her words. */
    evidence: text('evidence').notNull(),
    findingId: optionalRef('finding_id', () => finding.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('impersonation_report_user_url_idx').on(t.userId, t.normalizedUrl)],
);
