// Sites found by scans: where a creator's copies were, candidates for the catalog, and each site's own contact.
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz, timestamptzNow, userId } from './columns.ts';

/** A site where a scan found copies of a creator's files: the next scan of hers starts there. */
export const creatorSite = pgTable(
  'creator_site',
  {
    userId: userId(),
    site: text('site').notNull(),
    /** Where to start searching it: the origin of the page the copy was on. */
    origin: text('origin').notNull(),
    /** A page that held a copy (its listing and pagination are searched again). */
    samplePageUrl: text('sample_page_url').notNull(),
    copies: integer('copies').notNull().default(0),
    firstFoundAt: timestamptzNow('first_found_at'),
    lastFoundAt: timestamptzNow('last_found_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.site] }), index('creator_site_user_idx').on(t.userId)],
);

export const DISCOVERED_SITE_STATUSES = ['candidate', 'accepted', 'dismissed'] as const;

/** A site not in the catalog that yielded copies, across creators: a candidate catalog entry for staff. */
export const discoveredSite = pgTable('discovered_site', {
  site: text('site').primaryKey(),
  origin: text('origin').notNull(),
  /** The site's own name (og:site_name or its title), when a page gave one. */
  name: text('name'),
  /** What kind of site it looks like (tube, forum, file-host…), when it could be told. */
  kind: text('kind'),
  copies: integer('copies').notNull().default(0),
  status: text('status', { enum: DISCOVERED_SITE_STATUSES }).notNull().default('candidate'),
  /** Who reviewed it, and when. */
  reviewedBy: text('reviewed_by'),
  reviewedAt: timestamptz('reviewed_at'),
  firstFoundAt: timestamptzNow('first_found_at'),
  lastFoundAt: timestamptzNow('last_found_at'),
});

export const SITE_CONTACT_STATUSES = ['found', 'none', 'corrected'] as const;

/**
 * A site's own copyright or abuse channel as found on its pages (dmca, abuse, legal, contact pages,
 * mailto links, its web form, security.txt), or as staff corrected it: the first level of a takedown on
 * a site the catalog does not know. `checkedAt` gives its age; an old one is looked up again.
 */
export const siteContact = pgTable('site_contact', {
  site: text('site').primaryKey(),
  /** found: a channel was found; none: the site was searched and gave none; corrected: set by staff. */
  status: text('status', { enum: SITE_CONTACT_STATUSES }).notNull(),
  /** The site's name as its pages give it. */
  name: text('name'),
  channelKind: text('channel_kind', { enum: ['email', 'form'] }),
  /** The e-mail address, or the form's URL. */
  address: text('address'),
  /** A form's own fields (name, label, type, what to put in it), for the form task. */
  formFields: jsonb('form_fields'),
  /** The page it was found on, and how (mailto, text, form, security.txt, staff). */
  foundOn: text('found_on'),
  foundVia: text('found_via'),
  checkedAt: timestamptzNow('checked_at'),
  correctedBy: text('corrected_by'),
});

/**
 * A clearnet site that an onion site gives as its mirror (a link it calls its mirror or its clearnet
 * address), by host name. Public facts about sites, shared by every account like their contacts: a
 * copy found on the mirror is enforced like any clearnet copy, and shown as the onion site's mirror.
 */
export const onionMirror = pgTable(
  'onion_mirror',
  {
    onionHost: text('onion_host').notNull(),
    /** Its host, with its port when not the default (`URL.host`). */
    mirrorHost: text('mirror_host').notNull(),
    /** The onion page that named it, the last time one did. */
    foundOn: text('found_on').notNull(),
    firstSeenAt: timestamptzNow('first_seen_at'),
    lastSeenAt: timestamptzNow('last_seen_at'),
  },
  (t) => [
    primaryKey({ columns: [t.onionHost, t.mirrorHost] }),
    index('onion_mirror_mirror_idx').on(t.mirrorHost),
  ],
);
