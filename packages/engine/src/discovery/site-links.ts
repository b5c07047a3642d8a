// Which of a page's links lead to more of the same site's content, most promising first: pagination
// (the thread's other pages, older posts), threads, uploaders' pages, folders, boards and the viewer
// pages behind thumbnails. Account, legal and sorting links are left out. Pure: HTML in, URLs out.
import { load, type CheerioAPI } from 'cheerio';
import { siteKeyOf } from './site-key.ts';

export type SiteLinkKind =
  'pagination' | 'thread' | 'user' | 'folder' | 'media-page' | 'board' | 'other';

export interface SiteLink {
  url: string;
  kind: SiteLinkKind;
  /** Higher is more promising. */
  score: number;
}

export interface SiteLinkOptions {
  /** Most links returned. Default 60. */
  max?: number;
}

export const DEFAULT_MAX_SITE_LINKS = 60;

const SCORES: Record<SiteLinkKind, number> = {
  pagination: 90,
  thread: 75,
  user: 70,
  folder: 70,
  'media-page': 60,
  board: 55,
  other: 20,
};
/** A link the page marks as its next page (rel=next, "Next", "›", "Older posts"). */
const NEXT_SCORE = 100;
/** A link wrapping a picture leads to the picture's own page. */
const THUMBNAIL_BONUS = 8;

const PATH_KINDS: { kind: SiteLinkKind; pattern: RegExp }[] = [
  {
    kind: 'pagination',
    pattern: /\/(page|pages)[/-]?\d+\/?$/i,
  },
  {
    kind: 'thread',
    pattern:
      /\/(threads?|topics?|t|res|comments|discussions?|showthread|viewtopic)(\/|\.php|$)|[?&](t|topic|threadid)=\d/i,
  },
  {
    kind: 'user',
    pattern:
      /\/(users?|u|members?|profiles?|uploaders?|authors?|channels?|c|models?|creators?|uploads|submitted|posts-by)(\/|$)|\/@[^/]+/i,
  },
  {
    kind: 'folder',
    pattern: /\/(folders?|f|albums?|a|galler(y|ies)|dir|collections?|sets?)(\/|$)/i,
  },
  {
    kind: 'media-page',
    pattern: /\/(view|watch|videos?|v|posts?|photos?|images?|i|media|files?|d|gifs?)(\/|$|\?)/i,
  },
  {
    kind: 'board',
    pattern:
      /\/(boards?|forums?|b|catalog|categor(y|ies)|sections?|latest|new|recent|archive)(\/|$|\.)/i,
  },
];

/** Query keys that number a page of a listing. */
const PAGE_KEYS = new Set([
  'page',
  'p',
  'pg',
  'pagenum',
  'page_num',
  'start',
  'offset',
  'before',
  'after',
  'from',
  'skip',
  'cursor',
  'max_id',
]);
/** Query keys that only re-sort or filter a listing already met: each value is another permutation. */
const PERMUTATION_KEYS = new Set([
  'sort',
  'sortby',
  'sort_by',
  'order',
  'orderby',
  'order_by',
  'direction',
  'dir',
  'filter',
  'filters',
  'view',
  'display',
  'layout',
  'lang',
  'language',
  'locale',
  'theme',
  'style',
  'period',
  'timeframe',
]);
/** Path segments of account, legal and help pages: nothing leaked is there. */
const SKIPPED_SEGMENT =
  /^(log-?in|sign-?in|sign-?on|sign-?up|register|registration|join|log-?out|sign-?out|accounts?|settings|preferences|password|lost-?password|forgot(-password)?|reset-?password|cart|checkout|tos|terms(-of-(service|use))?|privacy(-policy)?|dmca|copyright|legal|contact(-us)?|abuse|cookies?(-policy)?|help|faq|support|rules|advertise|advertising|upgrade|premium|subscribe|donate|report|feed|rss)(\.[a-z]+)?$/i;
/** Query values that log in, out or register (index.php?action=login). */
const SKIPPED_QUERY = /(^|[=&])(log_?in|log_?out|sign_?(in|up|out)|register|lostpassword)(&|$)/i;
/** Files that are not pages: direct media is the page-media reader's, the rest is of no use. */
const NOT_A_PAGE =
  /\.(css|js|mjs|json|ico|svg|png|jpe?g|gif|webp|avif|bmp|tiff?|mp4|webm|m4v|mov|mkv|avi|mp3|wav|ogg|zip|rar|7z|gz|tar|pdf|exe|dmg|apk|woff2?|ttf|eot|rss|atom)$/i;

const NEXT_TEXT =
  /^(next|next page|next ›|next »|next >|older|older posts|older entries|older messages|load more|more|show more|›|»|>|>>|→|⟩|next\s*→)$/i;
const PREVIOUS_TEXT = /^(prev|previous|previous page|newer|newer posts|‹|«|<|<<|←)$/i;

/** Whether a link leads to a page no leak is on (account, legal, sorting, a file that is not a page). */
export function isSkippedLink(url: URL): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return true;
  if (NOT_A_PAGE.test(url.pathname)) return true;
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments.some((segment) => SKIPPED_SEGMENT.test(decodeSegment(segment)))) return true;
  for (const key of url.searchParams.keys()) {
    const lower = key.toLowerCase();
    if (PERMUTATION_KEYS.has(lower) || lower.startsWith('utm_')) return true;
  }
  return SKIPPED_QUERY.test(url.search.slice(1));
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function hasPageKey(url: URL): boolean {
  for (const [key, value] of url.searchParams) {
    if (PAGE_KEYS.has(key.toLowerCase()) && value !== '') return true;
  }
  return false;
}

/** The kind and score a link gets from its address, text and markup. */
function classify(
  url: URL,
  hints: { rel: string; text: string; label: string; wrapsPicture: boolean },
): { kind: SiteLinkKind; score: number } {
  const rel = hints.rel.toLowerCase().split(/\s+/);
  const words = [hints.text, hints.label].map((t) => t.replace(/\s+/g, ' ').trim());
  if (rel.includes('next') || words.some((w) => NEXT_TEXT.test(w)))
    return { kind: 'pagination', score: NEXT_SCORE };
  const pathAndQuery = `${url.pathname}${url.search}`;
  const paged = hasPageKey(url) || PATH_KINDS[0]!.pattern.test(url.pathname);
  // A bare number is a page of the same listing; "previous" still leads to pages not seen yet.
  const isNumber = /^\d{1,4}$/.test(words[0] ?? '');
  if (paged || isNumber || rel.includes('prev') || words.some((w) => PREVIOUS_TEXT.test(w)))
    return { kind: 'pagination', score: SCORES.pagination - (paged ? 0 : 5) };
  let best: { kind: SiteLinkKind; score: number } = { kind: 'other', score: SCORES.other };
  for (const { kind, pattern } of PATH_KINDS.slice(1)) {
    if (pattern.test(pathAndQuery) && SCORES[kind] > best.score)
      best = { kind, score: SCORES[kind] };
  }
  if (hints.wrapsPicture) {
    const kind = best.kind === 'other' ? 'media-page' : best.kind;
    return { kind, score: Math.max(best.score, SCORES['media-page']) + THUMBNAIL_BONUS };
  }
  return best;
}

/** The address without its fragment, for telling links apart. */
function withoutHash(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

/**
 * The page's links to more of the same site (by site key), ranked most promising first; a link met
 * twice keeps its best reading. Pure: reads the HTML only.
 */
export function expansionLinks(
  html: string,
  pageUrl: string,
  options: SiteLinkOptions = {},
): SiteLink[] {
  return expansionLinksFrom(load(html), pageUrl, options);
}

export function expansionLinksFrom(
  $: CheerioAPI,
  pageUrl: string,
  options: SiteLinkOptions = {},
): SiteLink[] {
  const max = options.max ?? DEFAULT_MAX_SITE_LINKS;
  const site = siteKeyOf(pageUrl);
  if (site === null) return [];
  const base = new URL($('base[href]').attr('href') ?? pageUrl, pageUrl);
  const self = withoutHash(new URL(pageUrl));
  const found = new Map<string, SiteLink & { order: number }>();
  $('a[href], link[rel~="next"][href], link[rel~="prev"][href]').each((order, element) => {
    const node = $(element);
    let url: URL;
    try {
      url = new URL(node.attr('href')!.trim(), base);
    } catch {
      return;
    }
    if (isSkippedLink(url) || siteKeyOf(url.href) !== site) return;
    const href = withoutHash(url);
    if (href === self) return;
    const { kind, score } = classify(url, {
      rel: node.attr('rel') ?? '',
      text: node.text(),
      label: node.attr('aria-label') ?? node.attr('title') ?? '',
      wrapsPicture: node.is('a') && node.find('img, picture').length > 0,
    });
    const earlier = found.get(href);
    if (!earlier || earlier.score < score) found.set(href, { url: href, kind, score, order });
  });
  return [...found.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, max)
    .map(({ url, kind, score }) => ({ url, kind, score }));
}

/** The site's own name as a page gives it: og:site_name, else application-name, else its title. */
export function siteNameOf(html: string): string | null {
  const $ = load(html);
  const candidates = [
    $('meta[property="og:site_name"]').attr('content'),
    $('meta[name="application-name"]').attr('content'),
    $('title').first().text(),
  ];
  for (const candidate of candidates) {
    const name = candidate?.replace(/\s+/g, ' ').trim();
    if (name) return name.slice(0, 200);
  }
  return null;
}
