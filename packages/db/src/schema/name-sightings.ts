// Pages that name the creator without showing anything of hers.
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, optionalRef, timestamptzNow, userId } from './columns.ts';
import { scan } from './scans.ts';

/**
 * A page that names the creator but shows nothing of hers and no sign of a leak ("your name seen on …"):
 * not a finding; shown grouped per site, with a one-click whitelist of the whole site.
 */
export const nameSighting = pgTable(
  'name_sighting',
  {
    id: id(),
    userId: userId(),
    site: text('site').notNull(),
    pageUrl: text('page_url').notNull(),
    normalizedUrl: text('normalized_url').notNull(),
    pageTitle: text('page_title'),
    lastScanId: optionalRef('last_scan_id', () => scan.id),
    firstSeenAt: timestamptzNow('first_seen_at'),
    lastSeenAt: timestamptzNow('last_seen_at'),
  },
  (t) => [
    uniqueIndex('name_sighting_page_idx').on(t.userId, t.normalizedUrl),
    index('name_sighting_user_site_idx').on(t.userId, t.site),
  ],
);
