// Where a site lists its pages for a crawler and where it searches itself: sitemaps (urlset and
// sitemap index, and the Sitemap lines of robots.txt), its search forms and its OpenSearch description.
// Pure: the text of a page in, URLs and URL templates out.
import { load } from 'cheerio';

/** The placeholder a search template holds the query in (OpenSearch's name for it). */
export const SEARCH_TERMS = '{searchTerms}';

/** Names a search box's field goes by when its type does not say so. */
const SEARCH_FIELD_NAMES = new Set([
  'q',
  's',
  'query',
  'search',
  'keyword',
  'keywords',
  'k',
  'term',
  'search_query',
  'searchword',
]);

export interface Sitemap {
  /** Pages the sitemap lists (a urlset). */
  pages: string[];
  /** Further sitemaps (a sitemap index). */
  sitemaps: string[];
}

function absoluteHttp(value: string | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function distinct(urls: (string | null)[]): string[] {
  return [...new Set(urls.filter((u): u is string => u !== null))];
}

/** The pages and sitemaps a sitemap lists, in its order (each once). */
export function readSitemap(xml: string, sitemapUrl: string): Sitemap {
  const $ = load(xml, { xml: true });
  const locs = (selector: string) =>
    distinct(
      $(selector)
        .map((_, el) => absoluteHttp($(el).text(), sitemapUrl))
        .get(),
    );
  return { pages: locs('urlset > url > loc'), sitemaps: locs('sitemapindex > sitemap > loc') };
}

/**
 * The sitemaps a robots.txt names. Works on its text as written or with its lines run together
 * (a crawler's text of a plain-text answer collapses whitespace).
 */
export function sitemapsInRobots(text: string, robotsUrl: string): string[] {
  const found: (string | null)[] = [];
  for (const match of text.matchAll(/(?:^|\s)sitemap:\s*(\S+)/gi))
    found.push(absoluteHttp(match[1], robotsUrl));
  return distinct(found);
}

/**
 * The site's search as URL templates holding SEARCH_TERMS: each GET form with a search box (an input of
 * type search, or named q, s, query, search, keyword, k…), its hidden fields kept. POST forms are left
 * out: their results have no address of their own.
 */
export function searchFormTemplates(html: string, pageUrl: string): string[] {
  const $ = load(html);
  const templates: (string | null)[] = [];
  $('form').each((_, element) => {
    const form = $(element);
    if ((form.attr('method') ?? 'get').trim().toLowerCase() !== 'get') return;
    const inputs = form.find('input[name]');
    const box = inputs.filter((_, input) => {
      const type = ($(input).attr('type') ?? 'text').toLowerCase();
      const name = ($(input).attr('name') ?? '').toLowerCase();
      return (
        type === 'search' || ((type === 'text' || type === '') && SEARCH_FIELD_NAMES.has(name))
      );
    });
    if (box.length === 0) return;
    const boxName = box.first().attr('name')!;
    const action = absoluteHttp(form.attr('action')?.trim() || pageUrl, pageUrl);
    if (!action) return;
    const url = new URL(action);
    url.hash = '';
    // A GET form replaces the action's query with its own fields.
    const params = new URLSearchParams();
    inputs.each((_, input) => {
      const field = $(input);
      const name = field.attr('name')!;
      const type = (field.attr('type') ?? 'text').toLowerCase();
      if (name === boxName) params.append(name, SEARCH_TERMS);
      else if (type === 'hidden') params.append(name, field.attr('value') ?? '');
      else if ((type === 'checkbox' || type === 'radio') && field.attr('checked') !== undefined)
        params.append(name, field.attr('value') ?? 'on');
    });
    form.find('select[name]').each((_, select) => {
      const field = $(select);
      const chosen = field.find('option[selected]').first();
      const option = chosen.length > 0 ? chosen : field.find('option').first();
      if (option.length > 0)
        params.append(field.attr('name')!, option.attr('value') ?? option.text());
    });
    url.search = params.toString();
    templates.push(url.href.replace(encodeURIComponent(SEARCH_TERMS), SEARCH_TERMS));
  });
  return distinct(templates);
}

/** The OpenSearch descriptions a page links to (`<link rel="search" type="application/opensearchdescription+xml">`). */
export function openSearchDescriptions(html: string, pageUrl: string): string[] {
  const $ = load(html);
  return distinct(
    $('link[rel~="search"][href]')
      .filter(
        (_, el) =>
          ($(el).attr('type') ?? '').toLowerCase() === 'application/opensearchdescription+xml',
      )
      .map((_, el) => absoluteHttp($(el).attr('href'), pageUrl))
      .get(),
  );
}

/** The HTML results template of an OpenSearch description, or null when it has none. */
export function openSearchTemplate(xml: string, descriptionUrl: string): string | null {
  const $ = load(xml, { xml: true });
  for (const element of $('Url, url').toArray()) {
    const url = $(element);
    const type = (url.attr('type') ?? '').toLowerCase();
    const template = url.attr('template');
    if (!template || !template.includes(SEARCH_TERMS)) continue;
    if (type !== 'text/html' && type !== 'application/xhtml+xml') continue;
    const resolved = absoluteHttp(template.replace(/\{[^}]*\}/g, 'x'), descriptionUrl);
    if (!resolved) continue;
    // The template's own braces are kept; only a relative template is made absolute.
    return /^https?:\/\//i.test(template) ? template : new URL(template, descriptionUrl).href;
  }
  return null;
}

/** OpenSearch parameters a template may require, with the values a first results page takes. */
const OPENSEARCH_DEFAULTS: Record<string, string> = {
  startPage: '1',
  startIndex: '1',
  count: '20',
  language: '*',
  inputEncoding: 'UTF-8',
  outputEncoding: 'UTF-8',
};

/**
 * A search template (a form's or OpenSearch's) filled for one query: the query encoded in place of
 * SEARCH_TERMS, known parameters at their first page's values, optional ones left empty.
 */
export function searchUrlOf(template: string, query: string): string {
  // A template made absolute by the URL parser has its braces (and the ?) percent-encoded.
  const filled = template.replace(/%7B(\w+)(%3F)?%7D/gi, (_, name: string, optional?: string) =>
    optional ? `{${name}?}` : `{${name}}`,
  );
  return filled.replace(/\{([\w:]+)(\?)?\}/g, (_, name: string, optional?: string) => {
    if (name === 'searchTerms') return encodeURIComponent(query);
    if (optional) return '';
    return OPENSEARCH_DEFAULTS[name] ?? '';
  });
}
