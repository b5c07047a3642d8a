// Whether a handle exists on a catalog site, and who its profile says it is: the profile page from
// the site's template, read with the site's identity selectors. The page is fetched by the caller
// (the crawler in scans, a fixture in tests), so this file does no I/O.
import { load } from 'cheerio';
import type { CatalogSite } from '../discovery/site-catalog/catalog.ts';
import { extractResults } from '../discovery/site-catalog/extract.ts';
import { SiteTemplateError, profileUrl } from '../discovery/site-catalog/templates.ts';

export interface ProfilePage {
  status: number;
  /** After redirects. */
  finalUrl: string;
  /** Null when the response was not HTML (or had no body). */
  html: string | null;
}

export type ProfilePageFetcher = (url: string) => Promise<ProfilePage>;

/**
 * found: the profile exists and shows who it is. not-found: 404/410 or the site's "no such user"
 * page. redirected: sent to a login, home or other page. no-identity: a page that shows no name.
 * unavailable: the site did not answer usefully (403, 429, 5xx): try again later, it may exist.
 */
export type ProfileCheckOutcome =
  'found' | 'not-found' | 'redirected' | 'no-identity' | 'unavailable';

export interface ProfileCheck {
  exists: boolean;
  outcome: ProfileCheckOutcome;
  /** The profile URL asked for. */
  url: string;
  finalUrl: string;
  status: number;
  /** As the profile shows it, without the site's own words ("• Instagram photos and videos"). */
  displayName: string | null;
  avatarUrl: string | null;
}

/** Titles of the pages sites show for a handle nobody has, or has lost (soft 404s answer 200). */
const NOT_FOUND_TITLE =
  /page not found|isn['’]t available|not available|couldn['’]t find this account|(?:account|user|page|profile) (?:doesn['’]t|does not) exist|user not found|no such user|profile not found|account (?:has been )?suspended|nobody on reddit goes by that name|\b404\b/i;

/** Paths a site sends a visitor without a session to, instead of the profile. */
const LOGIN_PATH =
  /(?:^|\/)(?:login|log-in|signin|sign-in|signup|accounts\/login|i\/flow\/login|auth|checkpoint|challenge|captcha)(?:[/.?]|$)/i;

/** Separators sites put between the profile's name and their own ("Jane • Instagram", "Jane / X"). */
const TITLE_SEPARATOR = /\s+[•|/·–—-]\s+/u;
/** The text before the last separator, and the part after it. */
const TRAILING_PART = /^(.*\S)\s+[•|/·–—-]\s+(.*)$/su;

/** The registrable part of a host, to tell "old.reddit.com" → "www.reddit.com" from leaving the site. */
function siteOfHost(hostname: string): string {
  return hostname.toLowerCase().split('.').slice(-2).join('.');
}

/** Lower-case words that name the site itself: its first name word and its host's main label. */
function siteWords(site: CatalogSite): Set<string> {
  const words = new Set<string>();
  const first = site.name.toLowerCase().split(/[^a-z0-9]+/)[0];
  if (first) words.add(first);
  const label = new URL(site.baseUrl).hostname.toLowerCase().split('.').at(-2);
  if (label && label.length >= 3) words.add(label);
  return words;
}

function startsWithSiteWord(text: string, words: Set<string>): boolean {
  const first = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .find((word) => word !== '');
  return first !== undefined && words.has(first);
}

/**
 * The name the profile shows, without what the site wraps it in: trailing parts that name the site
 * ("• Instagram photos and videos", "| TikTok", "/ X") and the handle in brackets ("(@jane)"). A
 * title that is the site's own ("TikTok - Make Your Day") is no name at all.
 */
export function cleanDisplayName(site: CatalogSite, raw: string | null): string | null {
  if (raw === null) return null;
  const words = siteWords(site);
  const first = raw.split(TITLE_SEPARATOR)[0] ?? '';
  if (first !== raw && words.has(first.trim().toLowerCase())) return null;
  let kept = raw;
  for (;;) {
    const last = TRAILING_PART.exec(kept);
    if (!last || !startsWithSiteWord(last[2] ?? '', words)) break;
    kept = last[1] ?? '';
  }
  const onSite = new RegExp(`\\s+on\\s+(?:${[...words].join('|')})\\s*$`, 'iu');
  const name = kept
    .replace(onSite, '')
    .replace(/\(\s*@[^()\s]+\s*\)/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  if (name === '') return null;
  // The site's bare name ("Instagram", "Bluesky") is its home page, not a profile.
  if (words.has(name.toLowerCase())) return null;
  return name;
}

function isRedirectedAway(requested: URL, final: URL, username: string): boolean {
  if (siteOfHost(requested.hostname) !== siteOfHost(final.hostname)) return true;
  if (LOGIN_PATH.test(final.pathname)) return true;
  let path: string;
  try {
    path = decodeURIComponent(final.pathname).toLowerCase();
  } catch {
    path = final.pathname.toLowerCase();
  }
  // Only the path counts: a login page often carries the profile in `?next=/jane/`.
  return !path.includes(username.toLowerCase());
}

function titlesOf(html: string): string[] {
  const $ = load(html);
  return [
    $('title').first().text(),
    $("meta[property='og:title']").first().attr('content') ?? '',
  ].filter((title) => title.trim() !== '');
}

/**
 * Checks one handle on one site. Throws SiteTemplateError when the site has no profile template
 * with identity selectors or the handle cannot be put in its URL; a failed fetch is the fetcher's
 * to report (it rejects), so it can be retried.
 */
export async function checkProfile(input: {
  site: CatalogSite;
  username: string;
  fetchPage: ProfilePageFetcher;
}): Promise<ProfileCheck> {
  const { site, fetchPage } = input;
  const identitySelectors = site.profile?.identity;
  if (!identitySelectors)
    throw new SiteTemplateError(`${site.name} has no identity selectors in the catalog`);
  const username = input.username.trim().replace(/^@/, '');
  const url = profileUrl(site, username);
  const page = await fetchPage(url);
  const result = profileCheckResult(url, page);

  const byStatus = outcomeOfStatus(page.status);
  if (byStatus) return result(byStatus);
  let final: URL;
  try {
    final = new URL(page.finalUrl);
  } catch {
    return result('unavailable');
  }
  if (isRedirectedAway(new URL(url), final, username)) return result('redirected');
  if (page.html === null || page.html.trim() === '') return result('no-identity');
  if (titlesOf(page.html).some((title) => NOT_FOUND_TITLE.test(title))) return result('not-found');

  const identity = extractResults(site, 'profile', page.html, page.finalUrl).identity;
  const displayName = cleanDisplayName(site, identity?.displayName ?? null);
  const avatarUrl = identity?.avatarUrl ?? null;
  // A site that can show a name always shows one on a real profile; a picture alone there is
  // usually the site's own logo on a generic page.
  const hasIdentity = identitySelectors.displayName ? displayName !== null : avatarUrl !== null;
  if (!hasIdentity) return result('no-identity');
  return result('found', { displayName, avatarUrl });
}

/** The check's answer for a profile address and the page fetched for it, from its outcome. */
export function profileCheckResult(
  url: string,
  page: { finalUrl: string; status: number },
): (
  outcome: ProfileCheckOutcome,
  identity?: { displayName: string | null; avatarUrl: string | null },
) => ProfileCheck {
  return (outcome, identity = { displayName: null, avatarUrl: null }) => ({
    exists: outcome === 'found',
    outcome,
    url,
    finalUrl: page.finalUrl,
    status: page.status,
    ...identity,
  });
}

/** What a profile page's HTTP status alone says: gone, not answering, or nothing yet (2xx). */
export function outcomeOfStatus(status: number): 'not-found' | 'unavailable' | null {
  if (status === 404 || status === 410) return 'not-found';
  if (status < 200 || status >= 300) return 'unavailable';
  return null;
}
