// Pages that name the creator without showing anything of hers.
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { scan } from './scans.ts';

/**
 * A page that names the creator but shows nothing of hers and no sign of a leak ("your name seen on …"):
 * not a finding; shown grouped per site, with a one-click whitelist of the whole site.
 */
export const nameSighting = pgTable(
  'name_sighting',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    site: text('site').notNull(),
    pageUrl: text('page_url').notNull(),
    normalizedUrl: text('normalized_url').notNull(),
    pageTitle: text('page_title'),
    lastScanId: text('last_scan_id').references(() => scan.id, { onDelete: 'set null' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('name_sighting_page_idx').on(t.userId, t.normalizedUrl),
    index('name_sighting_user_site_idx').on(t.userId, t.site),
  ],
);
