// Whether a taken-down URL is gone: the page fetched again with the scans' crawler and, when it still
// answers, its pictures and videos matched again with the scans' matcher; an impersonating profile checked
// with the catalog's profile template. Only a sure answer counts as removed: a failure to fetch (timeout,
// 5xx, 429) is "could not check", never a removal.
import { createHash } from 'node:crypto';
import type { CatalogSite } from '@shark/engine/discovery/site-catalog/catalog.ts';
import type { Crawler, CrawlFailure } from '@shark/engine/fetch/crawler.ts';
import { REFUSALS } from '@shark/engine/fetch/safe-fetch.ts';
import { checkProfile } from '@shark/engine/impersonation/profile-check.ts';
import { ImageDecodeError } from '@shark/engine/matching/image-fingerprint.ts';
import { sniffMediaType } from '@shark/engine/matching/media-type.ts';
import { UnsupportedVideoError } from '@shark/engine/matching/video.ts';
import { UnsupportedImageError } from '@shark/engine/matching/decode.ts';

export type CheckVerdict =
  /** Sure: 404/410, the site's home page instead of the page, no file matching the reference any more. */
  | { outcome: 'removed'; reason: string }
  | { outcome: 'present'; reason: string }
  /** The check could not tell (network, 5xx, robots.txt…): checked again later. */
  | { outcome: 'unknown'; reason: string };

/** The crawler as verification uses it (the scans' crawler: guard, robots.txt, per-host limits). */
export type CheckCrawler = Pick<Crawler, 'fetchPage' | 'fetchMedia'>;

/** The scans' matcher: the creator's reference a picture or video copies, or null. */
export interface CheckMatcher {
  match(
    userId: string,
    bytes: Buffer,
    kind: 'image' | 'video',
  ): Promise<{ referenceId: string } | null>;
}

export interface LeakEvidence {
  userId: string;
  pageUrl: string;
  /** The reference the finding matched (null when it was deleted since: any of the creator's then counts). */
  referenceFileId: string | null;
  referenceName: string | null;
  /** SHA-256 of the bytes found (the same bytes again need no matching). */
  mediaSha256: string | null;
  /** Where the file was found: with no reference left to match, the same address still serving a file counts. */
  mediaUrl: string | null;
}

export interface ProfileEvidence {
  pageUrl: string;
  /** The catalog site and the handle found (null when the catalog no longer has the site). */
  site: CatalogSite | null;
  username: string | null;
}

const GONE_STATUSES = new Set([404, 410]);
/** A file answering these is gone (451: withheld on a legal demand, which is what a notice asks for). */
const MEDIA_GONE_STATUSES = new Set([404, 410, 451]);

function describeFailure(failure: CrawlFailure): string {
  return failure.reason === 'http-status' ? `HTTP ${failure.status ?? '?'}` : failure.message;
}

/** The registrable part of a host (as the profile check compares sites): old.example.com → example.com. */
function siteOfHost(hostname: string): string {
  const host = hostname.toLowerCase();
  // An address is its own site (127.0.0.1 and 10.0.0.1 share no "registrable part").
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return host;
  return host
    .replace(/^www\./, '')
    .split('.')
    .slice(-2)
    .join('.');
}

/**
 * A page that now sends its visitors to the site's home page: the site's way of saying "removed" without
 * a 404 (tubes and file hosts do this). Only the same site's root counts: a login page, a search page or
 * another site says nothing sure.
 */
export function isRedirectToSiteHome(requested: string, final: string): boolean {
  let from: URL;
  let to: URL;
  try {
    from = new URL(requested);
    to = new URL(final);
  } catch {
    return false;
  }
  if (from.href === to.href) return false;
  const wasHome = from.pathname === '/' && from.search === '';
  const isHome = (to.pathname === '/' || to.pathname === '') && to.search === '';
  return (
    !wasHome &&
    isHome &&
    siteOfHost(from.hostname) === siteOfHost(to.hostname) &&
    from.port === to.port
  );
}

/** Errors of the matcher that mean "this file is not a picture or video it can read": not a copy. */
function isUnreadable(error: unknown): boolean {
  return (
    error instanceof ImageDecodeError ||
    error instanceof UnsupportedImageError ||
    error instanceof UnsupportedVideoError
  );
}

export interface PageCheckDeps {
  crawler: CheckCrawler;
  matcher: CheckMatcher;
  respectRobots: boolean;
}

/** Whether the page still carries a copy of the finding's reference. */
export async function checkLeakPage(
  deps: PageCheckDeps,
  evidence: LeakEvidence,
): Promise<CheckVerdict> {
  const page = await deps.crawler.fetchPage(evidence.pageUrl, {
    respectRobots: deps.respectRobots,
  });
  if (!page.ok) {
    if (
      page.reason === 'http-status' &&
      page.status !== undefined &&
      GONE_STATUSES.has(page.status)
    )
      return { outcome: 'removed', reason: `The page answers HTTP ${page.status}.` };
    return {
      outcome: 'unknown',
      reason: `The page could not be checked: ${describeFailure(page)}.`,
    };
  }
  if (isRedirectToSiteHome(evidence.pageUrl, page.finalUrl))
    return {
      outcome: 'removed',
      reason: `The page now redirects to the site’s home page (${page.finalUrl}).`,
    };

  const what = evidence.referenceName
    ? `a copy of ${evidence.referenceName}`
    : 'a copy of the reference file';
  let unchecked = 0;
  let lastProblem = '';
  let checked = 0;
  for (const media of page.media) {
    let bytes: Buffer;
    if (page.body && media.url === page.finalUrl) {
      bytes = page.body; // the URL is the file itself
    } else {
      const fetched = await deps.crawler.fetchMedia(media.url);
      if (!fetched.ok) {
        // Gone (404, 410, 451) or refused by our own rules (a private address, too large): not the file
        // the scan fetched. Anything else (5xx, 403 to a bot, a timeout) leaves the answer unknown.
        const isGone =
          fetched.reason === 'http-status'
            ? MEDIA_GONE_STATUSES.has(fetched.status ?? 0)
            : (REFUSALS as ReadonlySet<string>).has(fetched.reason);
        if (!isGone) {
          unchecked++;
          lastProblem = `${media.url}: ${describeFailure(fetched)}`;
        }
        continue;
      }
      bytes = fetched.body;
    }
    checked++;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (evidence.mediaSha256 !== null && sha256 === evidence.mediaSha256)
      return { outcome: 'present', reason: `The page still carries the same file (${media.url}).` };
    const kind = sniffMediaType(bytes.subarray(0, 512))?.kind;
    if (!kind) continue;
    // The reference was deleted since: nothing to match against, so the same address still serving a
    // picture or video is taken as the file (never a removal we cannot prove).
    if (
      evidence.referenceFileId === null &&
      evidence.mediaUrl !== null &&
      media.url === evidence.mediaUrl
    )
      return {
        outcome: 'present',
        reason: `The page still carries the file at ${media.url} (its reference file was deleted, so it was not matched).`,
      };
    let match: { referenceId: string } | null;
    try {
      match = await deps.matcher.match(evidence.userId, bytes, kind);
    } catch (error) {
      if (isUnreadable(error)) continue;
      throw error;
    }
    if (
      match &&
      (evidence.referenceFileId === null || match.referenceId === evidence.referenceFileId)
    )
      return { outcome: 'present', reason: `The page still carries ${what} (${media.url}).` };
  }
  if (unchecked > 0)
    return {
      outcome: 'unknown',
      reason: `${unchecked} of the page’s files could not be fetched (${lastProblem}).`,
    };
  const files = checked === 1 ? '1 file checked' : `${checked} files checked`;
  return { outcome: 'removed', reason: `The page no longer carries ${what} (${files}).` };
}

/** Whether an impersonating profile still exists, by the catalog's profile template of its site. */
export async function checkProfilePage(
  deps: PageCheckDeps,
  evidence: ProfileEvidence,
): Promise<CheckVerdict> {
  const { site, username } = evidence;
  if (!site?.profile?.identity || !username) return checkPageAnswers(deps, evidence.pageUrl);
  let failure: CrawlFailure | null = null;
  const checked = await checkProfile({
    site,
    username,
    fetchPage: async (url) => {
      const page = await deps.crawler.fetchPage(url, { respectRobots: deps.respectRobots });
      if (page.ok) return { status: page.status, finalUrl: page.finalUrl, html: page.html };
      if (page.reason === 'http-status')
        return { status: page.status ?? 0, finalUrl: url, html: null };
      failure = page;
      return { status: 0, finalUrl: url, html: null };
    },
  });
  const fetchFailure = failure as CrawlFailure | null;
  if (fetchFailure)
    return {
      outcome: 'unknown',
      reason: `The profile could not be checked: ${describeFailure(fetchFailure)}.`,
    };
  switch (checked.outcome) {
    case 'found':
      return {
        outcome: 'present',
        reason: `The profile ${username} on ${site.name} still exists${checked.displayName ? ` (“${checked.displayName}”)` : ''}.`,
      };
    case 'not-found':
      return {
        outcome: 'removed',
        reason: `${site.name} says the profile ${username} does not exist (HTTP ${checked.status}).`,
      };
    case 'redirected':
      if (isRedirectToSiteHome(checked.url, checked.finalUrl))
        return {
          outcome: 'removed',
          reason: `The profile ${username} now redirects to ${site.name}’s home page.`,
        };
      return {
        outcome: 'unknown',
        reason: `${site.name} sent the profile to ${checked.finalUrl} (a login or other page): not sure it is gone.`,
      };
    case 'no-identity':
      return {
        outcome: 'unknown',
        reason: `The profile page of ${username} shows no name: not sure it is gone.`,
      };
    case 'unavailable':
      return {
        outcome: 'unknown',
        reason: `${site.name} did not answer usefully (HTTP ${checked.status}).`,
      };
  }
}

/**
 * For a page without a file to look for (a mention: a leak-site page naming the creator), or a profile the
 * catalog cannot check any more: 404/410 or the site's home page is gone; a page answering is still there.
 */
export async function checkPageAnswers(
  deps: PageCheckDeps,
  pageUrl: string,
): Promise<CheckVerdict> {
  const page = await deps.crawler.fetchPage(pageUrl, { respectRobots: deps.respectRobots });
  if (page.ok) {
    if (isRedirectToSiteHome(pageUrl, page.finalUrl))
      return {
        outcome: 'removed',
        reason: `The page now redirects to the site’s home page (${page.finalUrl}).`,
      };
    return { outcome: 'present', reason: `The page still answers (HTTP ${page.status}).` };
  }
  if (page.reason === 'http-status' && page.status !== undefined && GONE_STATUSES.has(page.status))
    return { outcome: 'removed', reason: `The page answers HTTP ${page.status}.` };
  return { outcome: 'unknown', reason: `The page could not be checked: ${describeFailure(page)}.` };
}
