// Name sightings (/api/name-sightings): pages a scan found that share the creator's name without any
// sign of a leak (a company, a namesake, an article), grouped by site, to whitelist or dismiss.
import { z } from 'zod';

/** Pages shown per site; the count says how many there are in all. */
export const NAME_SIGHTING_PAGES_SHOWN = 5;

export const nameSightingPageSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  lastSeenAt: z.string(),
});
export type NameSightingPage = z.infer<typeof nameSightingPageSchema>;

export const nameSightingGroupSchema = z.object({
  /** The site's key: its registrable domain, or host:port for an address. */
  site: z.string(),
  /** The site for people (Unicode host names). */
  siteName: z.string(),
  count: z.number().int(),
  lastSeenAt: z.string(),
  /** The newest pages first, at most NAME_SIGHTING_PAGES_SHOWN. */
  pages: z.array(nameSightingPageSchema),
});
export type NameSightingGroup = z.infer<typeof nameSightingGroupSchema>;

/** GET /api/name-sightings: one group per site, the site seen most recently first. */
export const nameSightingListSchema = z.object({ sites: z.array(nameSightingGroupSchema) });
export type NameSightingList = z.infer<typeof nameSightingListSchema>;

const SITE_MESSAGE = 'Give the site as its domain, such as example.com.';
/** A site key as the list gives it: a lower-case host (IDN in its ASCII form), maybe with a port. */
export const nameSightingSiteSchema = z
  .string({ error: SITE_MESSAGE })
  .trim()
  .min(1, SITE_MESSAGE)
  .max(260, SITE_MESSAGE)
  .regex(/^[a-z0-9.-]+(?::\d{1,5})?$/, SITE_MESSAGE);

/** POST /api/name-sightings/whitelist-site */
export const whitelistSightedSiteSchema = z.object({ site: nameSightingSiteSchema });
export type WhitelistSightedSite = z.input<typeof whitelistSightedSiteSchema>;

export const whitelistSightedSiteResultSchema = z.object({
  site: z.string(),
  /** The whitelist entry covering the site, as people read it. */
  whitelistedAs: z.string(),
  /** Whether the entry was there already. */
  wasWhitelisted: z.boolean(),
  removed: z.number().int(),
});
export type WhitelistSightedSiteResult = z.infer<typeof whitelistSightedSiteResultSchema>;

/** DELETE /api/name-sightings/{site} */
export const dismissSightedSiteResultSchema = z.object({
  site: z.string(),
  removed: z.number().int(),
});
export type DismissSightedSiteResult = z.infer<typeof dismissSightedSiteResultSchema>;
