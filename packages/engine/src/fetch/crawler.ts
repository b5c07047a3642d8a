// The scan's crawler: fetches a page or a media file through the guarded fetcher, one hop at a time so
// that each hop (redirects included) passes robots.txt and waits its turn at its host; records what a
// page says (status, final URL, title, text) and the media it embeds; caps sizes by content type.
import { load } from 'cheerio';
import { sniffMediaType } from '../matching/media-type.ts';
import { createHostLimiter, hostKeyOf, type HostLimiter, type HostLimits } from './host-limiter.ts';
import { decodeBody, extractPageTextFrom, isHtml, isPlainText } from './html-text.ts';
import { mediaKindOfContentType, type MediaKind } from './media-url.ts';
import { DEFAULT_MAX_MEDIA, extractPageMediaFrom, type MediaRef } from './page-media.ts';
import { createRobotsPolicy, type RobotsPolicy } from './robots.ts';
import type { FetchedPage, FetchFailureReason, SafeFetcher } from './safe-fetch.ts';

export type { MediaKind, MediaRef, MediaVia } from './page-media.ts';

export interface CrawledPage {
  ok: true;
  /** The URL asked for. */
  url: string;
  /** Where the redirects led. */
  finalUrl: string;
  status: number;
  contentType: string | null;
  title: string | null;
  text: string | null;
  /** The HTML itself, decoded (for the site catalog's selectors); null for media and other answers. */
  html: string | null;
  /** For an HTML page, what it embeds; for a direct media URL, the file itself. */
  media: MediaRef[];
  /** For a direct media URL: its bytes. */
  body?: Buffer;
}

export interface CrawlFailure {
  ok: false;
  /** The URL being fetched when it failed (a redirect's target, for a refused redirect). */
  url: string;
  reason: FetchFailureReason | 'robots' | 'http-status';
  /** For 'http-status'. */
  status?: number;
  /** In words, for people. */
  message: string;
}

export interface FetchedMedia {
  ok: true;
  url: string;
  finalUrl: string;
  contentType: string | null;
  /** From the first bytes (else the content type); null when the answer is not a picture or video. */
  kind: MediaKind | null;
  body: Buffer;
}

export interface Crawler {
  /** A page: robots.txt (when `respectRobots`, default on if the crawler's robots are on), host limits, guard. */
  fetchPage(
    url: string,
    options?: { respectRobots?: boolean; signal?: AbortSignal },
  ): Promise<CrawledPage | CrawlFailure>;
  /**
   * Media bytes (size limit per kind); a page that turns out to be media is fine too. robots.txt is
   * asked as for pages (a picture in a disallowed folder is not fetched, as image crawlers do).
   */
  fetchMedia(
    url: string,
    options?: { signal?: AbortSignal; respectRobots?: boolean },
  ): Promise<FetchedMedia | CrawlFailure>;
  readonly limiter: HostLimiter;
  readonly robots: RobotsPolicy;
  /** Refuses what still waits for a host; the fetcher is the caller's and stays open. */
  close(): Promise<void>;
}

export interface CrawlerOptions {
  fetcher: SafeFetcher;
  /** Default: on, as "SharkBot". */
  robots?: { enabled: boolean; userAgent: string; ttlMs?: number };
  /** Per host:port. Default 2 at a time, 250 ms apart. */
  perHost?: HostLimits;
  /** A limiter shared with other crawlers in this process (perHost is then ignored; close leaves it open). */
  limiter?: HostLimiter;
  maxMediaPerPage?: number;
  /** Default 5 MB. */
  maxPageBytes?: number;
  /** Default 20 MB. */
  maxImageBytes?: number;
  /** Default 100 MB; also for answers whose type does not say (application/octet-stream, none). */
  maxVideoBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
}

export const DEFAULT_CRAWL_LIMITS = {
  perHost: { concurrency: 2, minIntervalMs: 250 },
  maxMediaPerPage: DEFAULT_MAX_MEDIA,
  maxPageBytes: 5 * 1024 * 1024,
  maxImageBytes: 20 * 1024 * 1024,
  maxVideoBytes: 100 * 1024 * 1024,
  maxRedirects: 5,
} as const;

export const DEFAULT_ROBOTS_USER_AGENT = 'SharkBot';

const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const MEDIA_ACCEPT = 'image/avif,image/webp,image/*,video/*;q=0.9,*/*;q=0.5';

function isTextual(contentType: string | null): boolean {
  return /^\s*(text\/|application\/(xhtml\+xml|xml|json|ld\+json|javascript)\b|[^;]*\+(xml|json)\b)/i.test(
    contentType ?? '',
  );
}

function isXml(contentType: string | null): boolean {
  return /^\s*(text\/xml|application\/xml|[^;]*\+xml)\b/i.test(contentType ?? '');
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Number((bytes / 1024 / 1024).toFixed(1))} MB`
    : `${Number((bytes / 1024).toFixed(1))} KB`;
}

/** What an answer is: a text type is a page whatever its bytes; otherwise the bytes decide, then the type. */
function mediaKindOf(contentType: string | null, body: Buffer): MediaKind | null {
  if (isTextual(contentType)) return null;
  return sniffMediaType(body.subarray(0, 512))?.kind ?? mediaKindOfContentType(contentType);
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

export function createCrawler(options: CrawlerOptions): Crawler {
  const { fetcher } = options;
  const maxPageBytes = options.maxPageBytes ?? DEFAULT_CRAWL_LIMITS.maxPageBytes;
  const maxImageBytes = options.maxImageBytes ?? DEFAULT_CRAWL_LIMITS.maxImageBytes;
  const maxVideoBytes = options.maxVideoBytes ?? DEFAULT_CRAWL_LIMITS.maxVideoBytes;
  const maxMedia = options.maxMediaPerPage ?? DEFAULT_CRAWL_LIMITS.maxMediaPerPage;
  const maxRedirects = options.maxRedirects ?? DEFAULT_CRAWL_LIMITS.maxRedirects;
  const ownsLimiter = !options.limiter;
  const limiter =
    options.limiter ?? createHostLimiter(options.perHost ?? DEFAULT_CRAWL_LIMITS.perHost);
  const robotsConfig = options.robots ?? { enabled: true, userAgent: DEFAULT_ROBOTS_USER_AGENT };
  const robots = createRobotsPolicy({
    fetcher,
    limiter,
    enabled: robotsConfig.enabled,
    userAgent: robotsConfig.userAgent,
    ...(robotsConfig.ttlMs === undefined ? {} : { ttlMs: robotsConfig.ttlMs }),
  });

  /** The size limit of an answer, by what its type says it is. */
  function limitFor(contentType: string | null): number {
    const kind = mediaKindOfContentType(contentType);
    if (kind === 'image') return maxImageBytes;
    if (kind === 'video') return maxVideoBytes;
    if (isTextual(contentType)) return maxPageBytes;
    // The type does not say (octet-stream, none): it may be a video; the bytes are checked after.
    return Math.max(maxPageBytes, maxImageBytes, maxVideoBytes);
  }

  /** A picture whose type did not say so is held to the picture limit once its bytes say it. */
  function tooLargeForKind(kind: MediaKind | null, body: Buffer): number | null {
    if (kind === 'image' && body.length > maxImageBytes) return maxImageBytes;
    if (kind === 'video' && body.length > maxVideoBytes) return maxVideoBytes;
    return null;
  }

  /** Fetches `url`, following redirects hop by hop, each through robots.txt (when asked) and its host's limits. */
  async function fetchHops(
    url: string,
    hopOptions: { respectRobots: boolean; accept: string; signal: AbortSignal | undefined },
  ): Promise<{ ok: true; page: FetchedPage } | CrawlFailure> {
    let current = url;
    for (let hop = 0; ; hop++) {
      if (hopOptions.respectRobots) {
        const verdict = await robots.check(current, { signal: hopOptions.signal });
        if (!verdict.allowed)
          return {
            ok: false,
            url: current,
            reason: 'robots',
            message: verdict.message ?? `robots.txt does not allow ${current}.`,
          };
      }
      const fetchOnce = () =>
        fetcher.fetch(current, {
          signal: hopOptions.signal,
          accept: hopOptions.accept,
          maxBytes: limitFor,
          redirect: 'manual',
          extractText: false,
        });
      let host: string | null;
      try {
        host = hostKeyOf(current);
      } catch {
        host = null; // not a URL: the fetcher says so
      }
      const result =
        host === null
          ? await fetchOnce()
          : await limiter.run(host, fetchOnce, { signal: hopOptions.signal });
      if (!result.ok)
        return { ok: false, url: result.url, reason: result.reason, message: result.message };
      if (result.location === undefined) return { ok: true, page: result };
      if (hop >= maxRedirects) {
        return {
          ok: false,
          url: current,
          reason: 'too-many-redirects',
          message: `More than ${maxRedirects} redirects, starting from ${url}.`,
        };
      }
      current = result.location;
    }
  }

  function statusFailure(page: FetchedPage): CrawlFailure {
    return {
      ok: false,
      url: page.finalUrl,
      reason: 'http-status',
      status: page.status,
      message: `${pathOf(page.finalUrl)} answered ${page.status}.`,
    };
  }

  function sizeFailure(page: FetchedPage, limit: number): CrawlFailure {
    const host = pathOf(page.finalUrl).split('/')[0];
    return {
      ok: false,
      url: page.finalUrl,
      reason: 'too-large',
      message: `The response from ${host} is larger than the ${formatBytes(limit)} limit.`,
    };
  }

  return {
    limiter,
    robots,

    async fetchPage(url, pageOptions = {}) {
      const fetched = await fetchHops(url, {
        respectRobots: robots.isEnabled && (pageOptions.respectRobots ?? true),
        accept: PAGE_ACCEPT,
        signal: pageOptions.signal,
      });
      if (!fetched.ok) return fetched;
      const { page } = fetched;
      if (page.status < 200 || page.status > 299) return statusFailure(page);
      const base = {
        ok: true as const,
        url,
        finalUrl: page.finalUrl,
        status: page.status,
        contentType: page.contentType,
      };
      if (isHtml(page.contentType)) {
        const html = decodeBody(page.contentType, page.body);
        const $ = load(html);
        // Media first: the text walk removes scripts, where players keep their files.
        const media = extractPageMediaFrom($, page.finalUrl, { maxMedia });
        const { title, text } = extractPageTextFrom($);
        return { ...base, title, text, html, media };
      }
      const kind = mediaKindOf(page.contentType, page.body);
      if (kind) {
        const limit = tooLargeForKind(kind, page.body);
        if (limit !== null) return sizeFailure(page, limit);
        return {
          ...base,
          title: null,
          text: null,
          html: null,
          media: [{ url: page.finalUrl, kind, via: 'link' }],
          body: page.body,
        };
      }
      if (!isTextual(page.contentType) && page.body.length > maxPageBytes)
        return sizeFailure(page, maxPageBytes);
      // Plain text and XML (sitemaps, OpenSearch descriptions) are read as text, whitespace collapsed.
      const text =
        isPlainText(page.contentType) || isXml(page.contentType)
          ? decodeBody(page.contentType, page.body).replace(/\s+/g, ' ').trim()
          : null;
      return { ...base, title: null, text, html: null, media: [] };
    },

    async fetchMedia(url, mediaOptions = {}) {
      const fetched = await fetchHops(url, {
        respectRobots: robots.isEnabled && (mediaOptions.respectRobots ?? true),
        accept: MEDIA_ACCEPT,
        signal: mediaOptions.signal,
      });
      if (!fetched.ok) return fetched;
      const { page } = fetched;
      if (page.status < 200 || page.status > 299) return statusFailure(page);
      const kind = mediaKindOf(page.contentType, page.body);
      const limit = tooLargeForKind(kind, page.body);
      if (limit !== null) return sizeFailure(page, limit);
      return {
        ok: true,
        url,
        finalUrl: page.finalUrl,
        contentType: page.contentType,
        kind,
        body: page.body,
      };
    },

    close() {
      if (ownsLimiter) limiter.close();
      robots.clear();
      return Promise.resolve();
    },
  };
}
