// URL helpers the scan stages share: a URL's key within a scan, whether it is a web address, and which
// catalog site it is on.
import { createHash } from 'node:crypto';
import type { SiteKindName } from '@shark/contracts/findings.ts';
import type { CatalogSite, SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { profileUrl } from '@shark/engine/discovery/site-catalog/templates.ts';
import { parseWebAddress, urlKey } from '@shark/engine/whitelist/web-address.ts';

/** The key of a URL within a scan: its canonical form (no scheme, www, tracking parameters), hashed when long. */
export function urlTaskKey(url: string): string {
  const parsed = parseWebAddress(url);
  const key = parsed.ok ? urlKey(parsed.value) : url;
  return key.length > 300 ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The web addresses among `urls`, each canonical URL once, in their order. */
export function distinctHttpUrls(urls: string[]): string[] {
  const seen = new Set<string>();
  return urls.filter((url) => {
    if (!isHttpUrl(url)) return false;
    const key = urlTaskKey(url);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The catalog site a URL is on (its host or a subdomain of the site's host), if any. */
export function siteOfUrl(
  catalog: SiteCatalog,
  url: string,
): { siteId: string | null; siteKind: SiteKindName; name: string } {
  let host: string;
  try {
    host = new URL(url).host.toLowerCase();
  } catch {
    return { siteId: null, siteKind: 'other', name: url };
  }
  const bare = host.replace(/^www\./, '');
  for (const site of catalog.sites) {
    const siteHost = new URL(site.baseUrl).host.toLowerCase().replace(/^www\./, '');
    if (bare === siteHost || bare.endsWith(`.${siteHost}`))
      return { siteId: site.id, siteKind: site.kind, name: site.name };
  }
  return { siteId: null, siteKind: 'other', name: bare };
}

/**
 * A catalog site's profile page for a username (its home page when it has none or the name does not fit
 * one); null for a site the catalog does not have.
 */
export function catalogProfileUrl(site: CatalogSite | undefined, username: string): string | null {
  if (!site) return null;
  try {
    return profileUrl(site, username);
  } catch {
    return site.baseUrl;
  }
}

export function siteById(catalog: SiteCatalog, id: string | null): CatalogSite | undefined {
  return id === null ? undefined : catalog.sites.find((s) => s.id === id);
}
