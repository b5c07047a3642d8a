// Clearnet mirrors an onion page names. Onion drops and forums often give an address on the open web
// for the same files ("Clearnet mirror: https://…", "mirror" in a link list, a "clear web" link): a
// copy there has a host, a registrar and a CDN to write to, which the onion site has not.
import { load } from 'cheerio';
import { isOnionHost } from '../fetch/onion.ts';

/** Words that say a link is the same site elsewhere. */
const MIRROR_WORDS =
  /\b(?:mirrors?|clear\s?net|clear\s?web|surface\s?web|backup\s+(?:site|domain|link|address))\b/i;
/** Characters of the text around a link read for those words. */
const CONTEXT_CHARS = 160;
const DEFAULT_MAX = 5;

function httpUrl(href: string, base: string): URL | null {
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The clearnet pages an onion page points to as its mirrors, in page order: each link to a clearnet
 * host whose text, or its parent's text, says so. A link to a mirror's home page also gives the same
 * path on the mirror, where the same file usually is. Empty for a page that is not on an onion host.
 */
export function clearnetMirrorLinks(html: string, pageUrl: string, max = DEFAULT_MAX): string[] {
  const page = httpUrl(pageUrl, pageUrl);
  if (!page || !isOnionHost(page.hostname)) return [];
  const $ = load(html);
  const found: string[] = [];
  const add = (url: string) => {
    if (found.length < max && !found.includes(url)) found.push(url);
  };
  $('a[href]').each((_, element) => {
    const link = $(element);
    const target = httpUrl(link.attr('href') ?? '', page.href);
    if (!target || isOnionHost(target.hostname)) return;
    const context = `${link.text()} ${link.attr('title') ?? ''} ${link.parent().text().slice(0, CONTEXT_CHARS)}`;
    if (!MIRROR_WORDS.test(context)) return;
    target.hash = '';
    add(target.href);
    if (target.pathname === '/' && target.search === '' && page.pathname !== '/')
      add(new URL(`${page.pathname}${page.search}`, target.origin).href);
  });
  return found;
}
