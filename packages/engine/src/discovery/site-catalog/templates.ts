// Turns a catalog site's URL templates into the address of a search or a profile page.
import { PLACEHOLDERS, type CatalogSite, type SpaceStyle } from './catalog.ts';

const SPACE_JOINER: Record<SpaceStyle, string> = { percent: '%20', plus: '+', underscore: '_' };

/** Thrown when a site has no template of the kind asked for, or the value is empty. */
export class SiteTemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SiteTemplateError';
  }
}

/**
 * Encodes one value for a URL: Unicode normalised to NFC, whitespace collapsed, every reserved
 * character (`&`, `=`, `?`, `/`, `#`, `+`, `%`) percent-encoded so the value can never break out of
 * its place in the URL, and spaces written the way the site expects.
 */
function encodeValue(value: string, space: SpaceStyle): string {
  const words = value.normalize('NFC').trim().split(/\s+/u).filter(Boolean);
  return words.map((word) => encodeURIComponent(word)).join(SPACE_JOINER[space]);
}

/** The site's search page for a query, e.g. `https://www.xvideos.com/?k=jane%20doe`. */
export function searchUrl(site: CatalogSite, query: string): string {
  if (!site.search) throw new SiteTemplateError(`${site.name} has no search page in the catalog`);
  const encoded = encodeValue(query, site.search.spaces);
  if (!encoded) throw new SiteTemplateError('The search query is empty');
  return site.search.url.replace(PLACEHOLDERS.search, () => encoded);
}

/** The site's profile page for a username; a leading `@` is dropped (`@jane` and `jane` are one). */
export function profileUrl(site: CatalogSite, username: string): string {
  if (!site.profile) throw new SiteTemplateError(`${site.name} has no profile page in the catalog`);
  const trimmed = username.normalize('NFC').trim().replace(/^@/, '');
  if (!trimmed) throw new SiteTemplateError('The username is empty');
  if (/\s/u.test(trimmed)) throw new SiteTemplateError('A username cannot contain spaces');
  const encoded = encodeURIComponent(trimmed);
  return site.profile.url.replace(PLACEHOLDERS.profile, () => encoded);
}
