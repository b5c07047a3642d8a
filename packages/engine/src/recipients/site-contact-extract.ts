// What a site's page says about reaching it: links to its dmca / abuse / legal / contact pages, the
// e-mail addresses it shows (mailto links and plain text, "copyright [at] site [dot] com" too), its
// name, and the contacts in a security.txt.
import type { CheerioAPI } from 'cheerio';
import { extractPageTextFrom } from '../fetch/html-text.ts';
import { registrableDomain } from './registrable-domain.ts';

/** How directly a word speaks of copyright notices: 0 dmca/copyright … 4 contact; 5 not at all. */
export type ChannelRank = 0 | 1 | 2 | 3 | 4 | 5;
export const NO_RANK: ChannelRank = 5;

const RANKED_WORDS: [RegExp, ChannelRank][] = [
  [/dmca|copyright|takedown|take[\s_-]down|infring/i, 0],
  [/abuse/i, 1],
  [/legal|impressum|imprint/i, 2],
  [/report/i, 3],
  [/contact/i, 4],
];

/** The best rank any of the channel words in `text` has. */
export function rankOf(text: string): ChannelRank {
  for (const [words, rank] of RANKED_WORDS) if (words.test(text)) return rank;
  return NO_RANK;
}

export interface ChannelLink {
  url: string;
  rank: ChannelRank;
}

/** Whether `url` belongs to the site of `origin` (same host, or the same registrable domain). */
export function isSameSite(url: URL, origin: URL): boolean {
  if (url.host === origin.host) return true;
  const domain = registrableDomain(url.hostname);
  return domain !== null && domain === registrableDomain(origin.hostname);
}

/** Links on the page to the site's own channel pages, best first (page order within a rank). */
export function channelLinks($: CheerioAPI, pageUrl: string, origin: URL): ChannelLink[] {
  const found = new Map<string, ChannelRank>();
  $('a[href]').each((_, element) => {
    const link = $(element);
    let url: URL;
    try {
      url = new URL(link.attr('href') ?? '', pageUrl);
    } catch {
      return;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !isSameSite(url, origin)) return;
    url.hash = '';
    const words = `${link.text()} ${link.attr('title') ?? ''} ${link.attr('aria-label') ?? ''} ${url.pathname}`;
    const rank = rankOf(words);
    if (rank === NO_RANK) return;
    const previous = found.get(url.href);
    if (previous === undefined || rank < previous) found.set(url.href, rank);
  });
  return [...found].map(([url, rank]) => ({ url, rank })).sort((a, b) => a.rank - b.rank);
}

/** The site's name: og:site_name, else the page title. */
export function siteNameOf($: CheerioAPI): string | null {
  const name =
    $('meta[property="og:site_name"]').attr('content') ?? $('head > title').first().text();
  const cleaned = name.replace(/\s+/g, ' ').trim().slice(0, 200);
  return cleaned === '' ? null : cleaned;
}

export interface FoundAddress {
  address: string;
  via: 'mailto' | 'text';
  /** The text around it on the page, for what it is said to be for. */
  context: string;
}

const EMAIL = /[a-z0-9](?:[a-z0-9._%+-]{0,62}[a-z0-9_])?@(?:[a-z0-9-]+\.)+[a-z]{2,24}/gi;
const FILE_NAME = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|css|js)$/i;
const PLACEHOLDER_DOMAINS =
  /^(example\.(com|org|net)|(your)?domain\.com|yoursite\.com|yourcompany\.com|email\.com|sentry\.io|[a-z0-9-]+\.sentry\.io|wixpress\.com)$/i;
const PLACEHOLDER_LOCALS =
  /^(you|your|yourname|your\.?name|your\.?email|name|user|username|email|someone|john\.?doe|jane\.?doe|firstname\.?lastname|no-?reply|do-?not-?reply)$/i;

/** Undoes the usual disguises: "x [at] y [dot] com", "x (at) y (dot) com", "x AT y DOT com". */
export function deobfuscate(text: string): string {
  return text
    .replace(/\s*[[({<]\s*at\s*[\])}>]\s*/gi, '@')
    .replace(/\s*[[({<]\s*dot\s*[\])}>]\s*/gi, '.')
    .replace(/([a-z0-9])\s+AT\s+([a-z0-9])/g, '$1@$2')
    .replace(/([a-z0-9])\s+DOT\s+([a-z]{2,24})\b/g, '$1.$2');
}

/** An address worth writing to: not a placeholder, a retina file name ("logo@2x.png") or a no-reply. */
export function isPlausibleAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at <= 0) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (FILE_NAME.test(address) || /^\d+x$/i.test(domain.split('.')[0] ?? '')) return false;
  return !PLACEHOLDER_DOMAINS.test(domain) && !PLACEHOLDER_LOCALS.test(local);
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The addresses a page shows, with the text around each; the same address once (its mailto first).
 * Reads the page's visible text, which removes its hidden elements: read its forms and name first.
 */
export function addressesOn($: CheerioAPI): FoundAddress[] {
  const found = new Map<string, FoundAddress>();
  const add = (raw: string, via: FoundAddress['via'], context: string) => {
    const address = raw.trim().toLowerCase();
    if (!isPlausibleAddress(address) || found.has(address)) return;
    found.set(address, { address, via, context: context.slice(0, 600) });
  };
  $('a[href^="mailto:" i]').each((_, element) => {
    const link = $(element);
    const target = (link.attr('href') ?? '').replace(/^mailto:/i, '').split('?')[0] ?? '';
    let decoded: string;
    try {
      decoded = decodeURIComponent(target);
    } catch {
      decoded = target;
    }
    const block = link.closest('p, li, dd, td, address, section, footer, div').first();
    const context = normalise(`${link.text()} ${block.length > 0 ? block.text() : ''}`);
    for (const address of decoded.split(',')) add(address, 'mailto', context);
  });
  const text = deobfuscate(extractPageTextFrom($).text);
  for (const match of text.matchAll(EMAIL)) {
    const start = match.index;
    add(match[0], 'text', text.slice(Math.max(0, start - 160), start + match[0].length + 160));
  }
  return [...found.values()];
}

/** Whether the address belongs to the site (its registrable domain or host). */
export function isSitesOwnAddress(address: string, origin: URL): boolean {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const siteDomain = registrableDomain(origin.hostname) ?? origin.hostname;
  return (registrableDomain(domain) ?? domain) === siteDomain;
}

export type SecurityContact = { kind: 'email'; address: string } | { kind: 'url'; url: string };

/** The `Contact:` lines of a security.txt (RFC 9116), in the file's order of preference. */
export function securityTxtContacts(text: string): SecurityContact[] {
  const contacts: SecurityContact[] = [];
  for (const match of text.matchAll(/(?:^|\s)Contact:\s*(\S+)/gi)) {
    const value = match[1]!;
    const mail = /^mailto:(.+)$/i.exec(value)?.[1] ?? (value.includes('@') ? value : null);
    if (mail !== null && !/^https?:/i.test(value)) {
      const address = mail.split('?')[0]!.toLowerCase();
      if (isPlausibleAddress(address)) contacts.push({ kind: 'email', address });
      continue;
    }
    if (/^https:\/\//i.test(value)) {
      try {
        contacts.push({ kind: 'url', url: new URL(value).href });
      } catch {
        // not a URL: the line is ignored
      }
    }
  }
  return contacts;
}
