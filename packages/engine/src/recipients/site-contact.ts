// A site's own copyright channel, read from its pages: the home page (and the page the copy was on)
// give links to its dmca / copyright / abuse / legal / report / contact pages; a few of those and the
// usual paths (security.txt, /dmca, /copyright, /contact) are read within a page budget, and the best
// channel wins — an address said to be for copyright or abuse, else a report form, else the site's
// own general address, else its security.txt contact.
import { load } from 'cheerio';
import {
  addressesOn,
  channelLinks,
  isSameSite,
  isSitesOwnAddress,
  rankOf,
  securityTxtContacts,
  siteNameOf,
  type ChannelRank,
} from './site-contact-extract.ts';
import { extractReportForms, type SiteFormField } from './site-contact-form.ts';

export type { FormFieldRole, SiteFormField } from './site-contact-form.ts';

/** A page as the caller's guarded fetch gives it (the crawler's fetchPage fits). */
export type SitePage =
  | { ok: true; finalUrl: string; status: number; html: string | null; text: string | null }
  | { ok: false };

export type SiteContactChannel =
  | { kind: 'email'; address: string }
  | { kind: 'form'; url: string; method: 'GET' | 'POST'; fields: SiteFormField[] };

export type SiteContactVia = 'mailto' | 'text' | 'form' | 'security.txt';

export interface SiteContact {
  channel: SiteContactChannel;
  /** The site's name (og:site_name, else its home page's title). */
  name: string | null;
  /** The page the channel was found on. */
  foundOn: string;
  foundVia: SiteContactVia;
}

export interface FindSiteContactOptions {
  /** The site's origin (scheme, host, port). */
  origin: string;
  /** The page the copy was found on: its footer links count too. */
  pageUrl?: string;
  fetchPage: (url: string) => Promise<SitePage>;
  /** Pages read at most, the home page included. */
  maxPages?: number;
}

export const DEFAULT_MAX_CONTACT_PAGES = 8;

/** Paths tried when no link led there, with the rank their name gives them. */
const WELL_KNOWN_PATHS: { path: string; rank: number }[] = [
  { path: '/dmca', rank: 0.5 },
  { path: '/copyright', rank: 0.5 },
  { path: '/.well-known/security.txt', rank: 1.5 },
  { path: '/security.txt', rank: 3.5 },
  { path: '/contact', rank: 4.5 },
];

/** Channel links found on a channel page are followed too, but no deeper. */
const MAX_DEPTH = 2;

interface Candidate {
  contact: SiteContact;
  /** 0: said to be for copyright or abuse; 1: a report form; 2: the site's general address; 3–4: security.txt. */
  tier: number;
  /** Within a tier, lower is better. */
  score: number;
}

interface Queued {
  url: string;
  rank: number;
  depth: number;
  order: number;
}

function addressCandidate(
  found: ReturnType<typeof addressesOn>[number],
  pageRank: ChannelRank,
  origin: URL,
  pageUrl: string,
): Candidate | null {
  const local = found.address.slice(0, found.address.lastIndexOf('@'));
  const localRank = rankOf(local);
  const contextRank = rankOf(found.context);
  const said = Math.min(localRank, contextRank);
  const isOwn = isSitesOwnAddress(found.address, origin);
  // Another domain's address is the site's channel only when the page says it is for notices.
  if (!isOwn && Math.min(localRank, contextRank) > 1) return null;
  const contact: SiteContact = {
    channel: { kind: 'email', address: found.address },
    name: null,
    foundOn: pageUrl,
    foundVia: found.via,
  };
  const isForNotices = localRank <= 2 || contextRank <= 1 || (pageRank <= 1 && isOwn);
  const viaPenalty = found.via === 'mailto' ? 0 : 0.1;
  if (isForNotices)
    return { contact, tier: 0, score: Math.min(said, pageRank) * 10 + pageRank + viaPenalty };
  return { contact, tier: 2, score: pageRank + viaPenalty };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function better(a: Candidate | null, b: Candidate): Candidate {
  if (!a) return b;
  return b.tier < a.tier || (b.tier === a.tier && b.score < a.score) ? b : a;
}

/** The site's own channel, or null when its pages show none (or could not be read). */
export async function findSiteContact(
  options: FindSiteContactOptions,
): Promise<SiteContact | null> {
  const origin = new URL(options.origin);
  const maxPages = Math.max(1, options.maxPages ?? DEFAULT_MAX_CONTACT_PAGES);
  const home = new URL('/', origin).href;
  const queue: Queued[] = [];
  const queued = new Set<string>();
  const readUrls = new Set<string>();
  let order = 0;
  const enqueue = (url: string, rank: number, depth: number) => {
    const key = url.replace(/#.*$/, '');
    if (queued.has(key)) return;
    queued.add(key);
    queue.push({ url: key, rank, depth, order: order++ });
  };

  enqueue(home, -2, 0);
  if (options.pageUrl) {
    try {
      const page = new URL(options.pageUrl);
      if (isSameSite(page, origin)) enqueue(page.href, -1, 0);
    } catch {
      // not a URL: the home page alone
    }
  }
  for (const { path, rank } of WELL_KNOWN_PATHS) enqueue(new URL(path, origin).href, rank, 1);

  let best: Candidate | null = null;
  let name: string | null = null;
  let fetched = 0;
  let hasReadSecurityTxt = false;
  while (queue.length > 0 && fetched < maxPages) {
    queue.sort((a, b) => a.rank - b.rank || a.order - b.order);
    const next = queue.shift()!;
    fetched++;
    let page: SitePage;
    try {
      page = await options.fetchPage(next.url);
    } catch {
      continue;
    }
    if (!page.ok || page.status < 200 || page.status > 299 || readUrls.has(page.finalUrl)) continue;
    readUrls.add(page.finalUrl);
    let finalUrl: URL;
    try {
      finalUrl = new URL(page.finalUrl);
    } catch {
      continue;
    }
    // A redirect off the site (a parked domain, a login wall elsewhere) says nothing about it.
    if (!isSameSite(finalUrl, origin)) continue;

    if (/security\.txt$/i.test(finalUrl.pathname)) {
      if (hasReadSecurityTxt) continue;
      const contacts = securityTxtContacts(page.text ?? page.html ?? '');
      // A site that answers every path with its home page has no security.txt.
      if (contacts.length === 0) continue;
      hasReadSecurityTxt = true;
      contacts.forEach((contact, index) => {
        best = better(best, {
          contact: {
            channel:
              contact.kind === 'email'
                ? { kind: 'email', address: contact.address }
                : { kind: 'form', url: contact.url, method: 'GET', fields: [] },
            name: null,
            foundOn: page.finalUrl,
            foundVia: 'security.txt',
          },
          tier: contact.kind === 'email' ? 3 : 4,
          score: index,
        });
        // A contact page the file names may hold the real channel.
        if (contact.kind === 'url' && isSameSite(new URL(contact.url), origin))
          enqueue(contact.url, 2.5, MAX_DEPTH);
      });
      continue;
    }
    if (page.html === null) continue;

    const $ = load(page.html);
    if (next.rank === -2 || name === null) name = siteNameOf($) ?? name;
    if (next.depth < MAX_DEPTH) {
      for (const link of channelLinks($, page.finalUrl, origin).slice(0, 12))
        enqueue(link.url, link.rank, next.depth + 1);
    }
    const pageRank = Math.min(
      rankOf(decodeURIComponentSafe(finalUrl.pathname)),
      rankOf($('title').text()),
    ) as ChannelRank;
    for (const form of extractReportForms($, page.finalUrl)) {
      best = better(best, {
        contact: {
          channel: { kind: 'form', url: form.url, method: form.method, fields: form.fields },
          name: null,
          foundOn: page.finalUrl,
          foundVia: 'form',
        },
        tier: 1,
        score: pageRank,
      });
    }
    for (const found of addressesOn($)) {
      const candidate = addressCandidate(found, pageRank, origin, page.finalUrl);
      if (candidate) best = better(best, candidate);
    }
    // An address said to be for copyright notices is the answer; nothing later beats it.
    if (best && best.tier === 0 && best.score < 10) break;
  }
  return best ? { ...best.contact, name } : null;
}
