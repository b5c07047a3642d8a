// Reads the results out of a catalog site's search or profile page with the site's selectors.
import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import type {
  CatalogSite,
  IdentitySelectors,
  Pick,
  ResultSelectors,
  TemplateKind,
} from './catalog.ts';
import { SiteTemplateError } from './templates.ts';

export interface ExtractedResult {
  /** Absolute http(s) URL of the result's own page. */
  url: string;
  title: string | null;
  /** Absolute http(s) URLs of the result's thumbnails or media, without duplicates. */
  mediaUrls: string[];
}

export interface ExtractedIdentity {
  displayName: string | null;
  avatarUrl: string | null;
}

export interface ExtractedPage {
  /** Results in page order, one per URL (a later item with the same URL adds its media). */
  results: ExtractedResult[];
  /** The next page of results, or null on the last page (never the page itself). */
  nextPageUrl: string | null;
  /** For profile templates with identity selectors: who the page says it belongs to. */
  identity: ExtractedIdentity | null;
}

/** A node as cheerio parses it (named without importing domhandler, which cheerio owns). */
type AnyNode = Exclude<Parameters<typeof load>[0], string | Buffer | unknown[]>;

type Reading = 'link' | 'media' | 'text';

const DEFAULT_ATTRIBUTES: Record<Exclude<Reading, 'text'>, string[]> = {
  link: ['href'],
  media: ['src'],
};

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Resolves a URL found on the page; only http(s) URLs are kept (no data:, javascript:, mailto:). */
function absolute(raw: string, base: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  try {
    const url = new URL(value, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** The largest candidate of a srcset (by width or density descriptor; the last one on a tie). */
function largestFromSrcset(srcset: string): string | null {
  let best: { url: string; size: number } | null = null;
  for (const candidate of srcset.split(/,\s+/)) {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    if (!url) continue;
    const size = descriptor ? Number.parseFloat(descriptor) : 1;
    if (!best || (Number.isFinite(size) && size >= best.size))
      best = { url, size: Number.isFinite(size) ? size : 1 };
  }
  return best?.url ?? null;
}

/** The URL of a `background-image: url(...)` in an inline style. */
function urlFromStyle(style: string): string | null {
  const match = style.match(/url\(\s*(['"]?)(.*?)\1\s*\)/i);
  return match?.[2] ?? null;
}

function readAttribute(element: Cheerio<AnyNode>, attribute: string): string | null {
  const value = element.attr(attribute);
  if (!value?.trim()) return null;
  if (attribute === 'srcset' || attribute.endsWith('-srcset')) return largestFromSrcset(value);
  if (attribute === 'style') return urlFromStyle(value);
  return value.trim();
}

function select(
  scope: Cheerio<AnyNode> | null,
  $: CheerioAPI,
  cssSelector: string,
): Cheerio<AnyNode> {
  if (scope === null) return $(cssSelector);
  if (cssSelector === ':scope') return scope;
  return scope.find(cssSelector);
}

/** Every value a pick finds (all matching elements, first non-empty attribute of each). */
function readAll(
  $: CheerioAPI,
  scope: Cheerio<AnyNode> | null,
  pick: Pick,
  reading: Reading,
): string[] {
  const cssSelector = typeof pick === 'string' ? pick : pick.css;
  const attributes =
    typeof pick === 'string'
      ? reading === 'text'
        ? []
        : DEFAULT_ATTRIBUTES[reading]
      : pick.attributes;
  const values: string[] = [];
  select(scope, $, cssSelector).each((_, node) => {
    const element = $(node);
    if (attributes.length === 0) {
      const text = collapse(element.text());
      if (text) values.push(text);
      return;
    }
    for (const attribute of attributes) {
      const value = readAttribute(element, attribute);
      if (value) {
        values.push(reading === 'text' ? collapse(value) : value);
        return;
      }
    }
  });
  return values;
}

function readFirst(
  $: CheerioAPI,
  scope: Cheerio<AnyNode> | null,
  pick: Pick,
  reading: Reading,
): string | null {
  return readAll($, scope, pick, reading)[0] ?? null;
}

function extractResultList(
  $: CheerioAPI,
  selectors: ResultSelectors,
  base: string,
): ExtractedResult[] {
  const byUrl = new Map<string, ExtractedResult>();
  $(selectors.item).each((_, node) => {
    const item = $(node);
    const link = readFirst($, item, selectors.link, 'link');
    const url = link === null ? null : absolute(link, base);
    if (url === null) return;
    const title = selectors.title ? readFirst($, item, selectors.title, 'text') : null;
    const mediaUrls = (selectors.media ?? [])
      .flatMap((pick) => readAll($, item, pick, 'media'))
      .map((raw) => absolute(raw, base))
      .filter((media): media is string => media !== null);
    const existing = byUrl.get(url);
    if (existing) {
      existing.title ??= title;
      for (const media of mediaUrls)
        if (!existing.mediaUrls.includes(media)) existing.mediaUrls.push(media);
      return;
    }
    byUrl.set(url, { url, title, mediaUrls: [...new Set(mediaUrls)] });
  });
  return [...byUrl.values()];
}

function extractIdentity(
  $: CheerioAPI,
  selectors: IdentitySelectors,
  base: string,
): ExtractedIdentity {
  const displayName = selectors.displayName
    ? readFirst($, null, selectors.displayName, 'text')
    : null;
  const avatar = selectors.avatar ? readFirst($, null, selectors.avatar, 'media') : null;
  return { displayName, avatarUrl: avatar === null ? null : absolute(avatar, base) };
}

/**
 * Extracts the results of a site's search or profile page. URLs are made absolute against the
 * page's `<base href>` when it has one, else against `pageUrl` (the final URL after redirects).
 */
export function extractResults(
  site: CatalogSite,
  kind: TemplateKind,
  html: string,
  pageUrl: string,
): ExtractedPage {
  const template = kind === 'search' ? site.search : site.profile;
  if (!template) throw new SiteTemplateError(`${site.name} has no ${kind} page in the catalog`);
  const $ = load(html);
  const baseHref = $('base[href]').first().attr('href');
  const base = (baseHref ? absolute(baseHref, pageUrl) : null) ?? pageUrl;
  const selectors = template.results;
  const results = selectors ? extractResultList($, selectors, base) : [];
  const next = selectors?.nextPage ? readFirst($, null, selectors.nextPage, 'link') : null;
  const nextUrl = next === null ? null : absolute(next, base);
  const current = absolute(pageUrl, pageUrl);
  const identitySelectors = 'identity' in template ? template.identity : undefined;
  return {
    results,
    nextPageUrl: nextUrl !== null && nextUrl !== current ? nextUrl : null,
    identity: identitySelectors ? extractIdentity($, identitySelectors, base) : null,
  };
}
