// The site catalog: sites scanned directly (no API key) through their search and profile pages.
// The data lives in catalog.json; this file is its schema, parsed once with every problem listed.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ACCOUNT_PLATFORMS, type AccountPlatform } from '../../accounts/account-identity.ts';
import { isOnionHost } from '../../fetch/onion.ts';

export const SITE_KINDS = [
  'tube',
  'forum',
  'file-host',
  'image-board',
  'telegram-index',
  'social-network',
] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

export const TEMPLATE_KINDS = ['search', 'profile'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** The placeholder each template kind must contain exactly once. */
export const PLACEHOLDERS: Record<TemplateKind, string> = {
  search: '{query}',
  profile: '{username}',
};

export const CATALOG_VERSION = 1;

const css = z.string().trim().min(1, 'must be a CSS selector');

/**
 * Real sites are https. Plain http is accepted on onion services (Tor encrypts the whole way to them,
 * and most serve no TLS) and on a loopback address, for the local stand-ins of tests and the demo
 * (packages/simulated-web), which the fetcher reaches through its allowlist.
 */
function isAllowedScheme(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:') return false;
  return (
    isOnionHost(url.hostname) ||
    url.hostname === 'localhost' ||
    url.hostname === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(url.hostname)
  );
}
const HTTPS_MESSAGE =
  'must be an https URL (plain http only on an onion service or a loopback address)';

/**
 * Where a value sits: a CSS selector, optionally with the attributes to read in order (the first
 * non-empty wins, so lazy-loading `data-src` can come before `src`). Without attributes a link
 * reads `href`, a media element `src` and a title its text. `:scope` means the result item itself.
 */
const pick = z.union([
  css,
  z.strictObject({
    css,
    attributes: z.array(z.string().trim().min(1)).min(1, 'must name at least one attribute'),
  }),
]);
export type Pick = z.infer<typeof pick>;

const resultSelectors = z.strictObject({
  /** One result on the page (a video tile, a post, a thread row). */
  item: css,
  /** Within an item: the link to the result's own page. */
  link: pick,
  /** Within an item: its title (text, or an attribute such as `title` or `alt`). */
  title: pick.optional(),
  /** Within an item: thumbnails or media; `srcset` and `style` background images are understood. */
  media: z.array(pick).optional(),
  /** On the page: the link to the next page of results. */
  nextPage: pick.optional(),
});
export type ResultSelectors = z.infer<typeof resultSelectors>;

/** What a profile page says about its owner, for impersonation checks. */
const identitySelectors = z
  .strictObject({ displayName: pick.optional(), avatar: pick.optional() })
  .refine((identity) => identity.displayName !== undefined || identity.avatar !== undefined, {
    message: 'must have a displayName or an avatar selector',
  });
export type IdentitySelectors = z.infer<typeof identitySelectors>;

/**
 * How spaces in a query are written: `percent` (%20), `plus` (form style) or `underscore`
 * (booru tags, where a space separates two tags).
 */
const spaces = z.enum(['percent', 'plus', 'underscore']);
export type SpaceStyle = z.infer<typeof spaces>;

function templateUrl(kind: TemplateKind) {
  const placeholder = PLACEHOLDERS[kind];
  return z
    .string()
    .trim()
    .superRefine((template, ctx) => {
      const count = template.split(placeholder).length - 1;
      if (count !== 1) {
        ctx.addIssue({ code: 'custom', message: `must contain ${placeholder} exactly once` });
        return;
      }
      const other = template.replace(placeholder, '').match(/\{[^}]*\}/);
      if (other)
        ctx.addIssue({ code: 'custom', message: `has an unknown placeholder ${other[0]}` });
      let url: URL;
      try {
        url = new URL(template.replace(placeholder, 'x'));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be an absolute URL' });
        return;
      }
      if (!isAllowedScheme(url)) ctx.addIssue({ code: 'custom', message: HTTPS_MESSAGE });
      const pathStart = template.indexOf('/', `${url.protocol}//`.length);
      const origin = pathStart === -1 ? template : template.slice(0, pathStart);
      if (origin.includes(placeholder)) {
        ctx.addIssue({ code: 'custom', message: `must keep ${placeholder} out of the host` });
      }
    });
}

const searchTemplate = z.strictObject({
  url: templateUrl('search'),
  spaces: spaces.default('percent'),
  results: resultSelectors,
});

const profileTemplate = z
  .strictObject({
    url: templateUrl('profile'),
    results: resultSelectors.optional(),
    identity: identitySelectors.optional(),
  })
  .refine((profile) => profile.results !== undefined || profile.identity !== undefined, {
    message: 'must have result selectors, identity selectors or both',
  });

const dmca = z
  .strictObject({ url: z.url({ protocol: /^https$/ }).optional(), email: z.email().optional() })
  .refine((contact) => contact.url !== undefined || contact.email !== undefined, {
    message: 'must have a url or an email',
  });

/** Where a site takes reports of accounts that pretend to be someone else (social networks). */
const impersonation = z
  .strictObject({ url: z.url({ protocol: /^https$/ }).optional(), email: z.email().optional() })
  .refine((contact) => contact.url !== undefined || contact.email !== undefined, {
    message: 'must have a url or an email',
  });

/** A host name as the URL parser writes it: lower case ASCII (punycode), two labels or more. */
const hostName = z
  .string()
  .regex(
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/,
    'must be a lower-case host name such as cdn.example.com (no scheme, port or path)',
  );

const site = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens'),
    name: z.string().trim().min(1),
    kind: z.enum(SITE_KINDS),
    baseUrl: z
      .url({ protocol: /^https?$/ })
      .refine((value) => isAllowedScheme(new URL(value)), HTTPS_MESSAGE),
    search: searchTemplate.optional(),
    profile: profileTemplate.optional(),
    /** Where the site takes copyright notices, only when the site documents it publicly. */
    dmca: dmca.optional(),
    /**
     * Other host names the site serves its pages or media from (mirrors, short links, media CDNs of
     * its own), each with its subdomains, so a leaked file there is still the site's to remove.
     */
    hosts: z.array(hostName).min(1, 'must name at least one host when present').optional(),
    /** Where the site takes impersonation reports, only when the site documents it publicly. */
    impersonation: impersonation.optional(),
    /**
     * The Accounts platform this site is, when its id is not one (a creator's own handle there is
     * never an impersonation). By default the site's id, when it names a platform (instagram, x…).
     */
    accountPlatform: z.enum(ACCOUNT_PLATFORMS).optional(),
  })
  .refine((entry) => entry.search !== undefined || entry.profile !== undefined, {
    message: 'must have a search template, a profile template or both',
  });
export type CatalogSite = z.infer<typeof site>;

const catalog = z.strictObject({
  version: z.literal(CATALOG_VERSION),
  sites: z.array(site).min(1),
});
export type SiteCatalog = z.infer<typeof catalog>;

/** A catalog that failed validation; `problems` has one line per issue, naming the entry. */
export class SiteCatalogError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The site catalog is invalid:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
    this.name = 'SiteCatalogError';
    this.problems = problems;
  }
}

function entryLabel(data: unknown, index: number): string {
  const sites = (data as { sites?: unknown } | null)?.sites;
  const entry = Array.isArray(sites) ? (sites[index] as unknown) : undefined;
  const id = (entry as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' && id ? `sites[${index}] (${id})` : `sites[${index}]`;
}

function describeIssue(data: unknown, issue: z.core.$ZodIssue): string {
  const [head, index, ...rest] = issue.path;
  if (head === 'sites' && typeof index === 'number') {
    const where = rest.map(String).join('.');
    return `${entryLabel(data, index)}${where ? ` ${where}` : ''}: ${issue.message}`;
  }
  const where = issue.path.map(String).join('.');
  return `${where || 'catalog'}: ${issue.message}`;
}

/** Validates catalog data, throwing a SiteCatalogError that lists every problem at once. */
export function parseSiteCatalog(data: unknown): SiteCatalog {
  const result = catalog.safeParse(data);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => describeIssue(data, issue));
  problems.push(...repeatedIds(data));
  if (result.success) problems.push(...repeatedHosts(result.data));
  if (!result.success || problems.length > 0) throw new SiteCatalogError(problems);
  return result.data;
}

/** Checked on the raw data, beside the schema, so a repeated id is reported with every other problem. */
function repeatedIds(data: unknown): string[] {
  const sites = (data as { sites?: unknown } | null)?.sites;
  if (!Array.isArray(sites)) return [];
  const firstIndex = new Map<string, number>();
  const problems: string[] = [];
  sites.forEach((entry: unknown, index) => {
    const id = (entry as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return;
    const first = firstIndex.get(id);
    if (first === undefined) firstIndex.set(id, index);
    else problems.push(`${entryLabel(data, index)} id: repeats the id of sites[${first}]`);
  });
  return problems;
}

/**
 * A host claimed by two sites is a typo or a stale entry: its pages would belong to either. Names
 * are compared with the baseUrl's port, since local stand-ins share one loopback address.
 */
function repeatedHosts(parsed: SiteCatalog): string[] {
  const owner = new Map<string, number>();
  const problems: string[] = [];
  parsed.sites.forEach((entry, index) => {
    const { port } = new URL(entry.baseUrl);
    for (const host of new Set([siteDomainOf(entry), ...(entry.hosts ?? [])])) {
      const key = `${host}:${port}`;
      const first = owner.get(key);
      if (first === undefined) owner.set(key, index);
      else {
        problems.push(
          `sites[${index}] (${entry.id}) hosts: ${host} already belongs to sites[${first}] (${parsed.sites[first]!.id})`,
        );
      }
    }
  });
  return problems;
}

/** The site's own domain: its baseUrl host without one leading `www.` (www.x.com serves x.com too). */
function siteDomainOf(entry: CatalogSite): string {
  const { hostname } = new URL(entry.baseUrl);
  return hostname.startsWith('www.') ? hostname.slice(4) : hostname;
}

/**
 * The catalog site a page belongs to: the one whose domain (baseUrl host without `www.`) or one of
 * whose `hosts` is the page's host or a parent of it; the longest such name wins, so a site on a
 * subdomain (forums.x.com) beats one on the parent domain. A baseUrl with a port of its own (local
 * stand-ins, several on one loopback address) matches only that port.
 */
export function findSiteByUrl(
  siteCatalog: SiteCatalog,
  pageUrl: string | URL,
): CatalogSite | undefined {
  let url: URL;
  try {
    url = typeof pageUrl === 'string' ? new URL(pageUrl) : pageUrl;
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  let best: { site: CatalogSite; length: number } | undefined;
  for (const entry of siteCatalog.sites) {
    const base = new URL(entry.baseUrl);
    if (base.port !== '' && base.port !== url.port) continue;
    for (const name of [siteDomainOf(entry), ...(entry.hosts ?? [])]) {
      const isMatch = host === name || host.endsWith(`.${name}`);
      if (isMatch && (!best || name.length > best.length))
        best = { site: entry, length: name.length };
    }
  }
  return best?.site;
}

export const DEFAULT_CATALOG_FILE = new URL('./catalog.json', import.meta.url);

/** Reads and validates a catalog file (by default the one shipped beside this module). */
export function loadSiteCatalog(file: URL | string = DEFAULT_CATALOG_FILE): SiteCatalog {
  const text = readFileSync(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SiteCatalogError([`${String(file)} is not JSON: ${(error as Error).message}`]);
  }
  return parseSiteCatalog(data);
}

export function findSite(siteCatalog: SiteCatalog, id: string): CatalogSite | undefined {
  return siteCatalog.sites.find((entry) => entry.id === id);
}

/** The Accounts platform a catalog site is (its accountPlatform, or its id when that names a platform). */
export function accountPlatformOf(site: CatalogSite): AccountPlatform | null {
  if (site.accountPlatform) return site.accountPlatform;
  return (ACCOUNT_PLATFORMS as readonly string[]).includes(site.id)
    ? (site.id as AccountPlatform)
    : null;
}
