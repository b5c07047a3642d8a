// robots.txt for discovery crawling: one file per origin, fetched through the guarded fetcher (and the
// per-host limiter, when given one), kept for a while, its Crawl-delay handed to the limiter.
// Missing (4xx) or unreachable files allow everything; a server error disallows the origin for a
// while, as search engines do (RFC 9309 §2.3.1.3-4; Google treats 429 like a 5xx).
import robotsParserExport from 'robots-parser';
import { abortError, hostKeyOf, type HostLimiter } from './host-limiter.ts';
import type { FetchResult, SafeFetcher } from './safe-fetch.ts';

export type RobotsBasis =
  /** Robots checking is off. */
  | 'disabled'
  /** The origin's rules decided. */
  | 'rules'
  /** No robots.txt (404, 410, any 4xx but 429): everything is allowed. */
  | 'none'
  /** The file could not be fetched (network, DNS, timeout, refused): everything is allowed. */
  | 'unreachable'
  /** A 5xx or 429: nothing is allowed until it is asked again. */
  | 'server-error';

export interface RobotsVerdict {
  allowed: boolean;
  basis: RobotsBasis;
  /** The origin's Crawl-delay for our user agent, capped; null when it sets none. */
  crawlDelayMs: number | null;
  /** For a refusal, in words. */
  message: string | null;
}

export interface RobotsPolicyOptions {
  fetcher: SafeFetcher;
  /** Default true; false allows everything without fetching a file. */
  enabled?: boolean;
  /** The product token rules are matched against ("SharkBot"); a "SharkBot/1.0 (...)" string works too. */
  userAgent: string;
  /** Robots files fetched go through it (they are requests to the host too), and Crawl-delay is set on it. */
  limiter?: HostLimiter;
  /** How long rules (or a missing file) are kept. Default 24 hours. */
  ttlMs?: number;
  /** How long a 5xx or 429 disallows the origin before the file is asked again. Default 10 minutes. */
  serverErrorTtlMs?: number;
  /** How long an unreachable file allows the origin before it is asked again. Default 10 minutes. */
  unreachableTtlMs?: number;
  /** Crawl-delay beyond this is capped (a site asking for an hour would stall a scan). Default 30 s. */
  maxCrawlDelayMs?: number;
  /** Origins remembered at once; the oldest are forgotten first. Default 10,000. */
  maxOrigins?: number;
  now?: () => number;
}

export interface RobotsPolicy {
  readonly isEnabled: boolean;
  readonly userAgent: string;
  /** Whether `url` may be crawled (fetches the origin's robots.txt when not known). */
  check(url: string, options?: { signal?: AbortSignal }): Promise<RobotsVerdict>;
  /** Forgets every origin. */
  clear(): void;
}

interface Robot {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
}

// The package is CommonJS (module.exports = function) but its types declare an ES default export, which
// TypeScript then reads as `exports.default`; at run time the default import is the function itself.
const robotsParser = robotsParserExport as unknown as (url: string, contents: string) => Robot;

interface Entry {
  expiresAt: number;
  basis: Exclude<RobotsBasis, 'disabled'>;
  robot: Robot | null;
  crawlDelayMs: number | null;
  /** For a server error: what it answered. */
  status: number | null;
}

export const DEFAULT_ROBOTS_TIMES = {
  ttlMs: 24 * 60 * 60 * 1000,
  serverErrorTtlMs: 10 * 60 * 1000,
  unreachableTtlMs: 10 * 60 * 1000,
  maxCrawlDelayMs: 30_000,
} as const;

/** Google reads the first 500 KiB of a robots.txt; so do we. */
const MAX_ROBOTS_BYTES = 500 * 1024;

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: Error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

export function createRobotsPolicy(options: RobotsPolicyOptions): RobotsPolicy {
  const isEnabled = options.enabled ?? true;
  const userAgent = options.userAgent;
  const ttlMs = options.ttlMs ?? DEFAULT_ROBOTS_TIMES.ttlMs;
  const serverErrorTtlMs = options.serverErrorTtlMs ?? DEFAULT_ROBOTS_TIMES.serverErrorTtlMs;
  const unreachableTtlMs = options.unreachableTtlMs ?? DEFAULT_ROBOTS_TIMES.unreachableTtlMs;
  const maxCrawlDelayMs = options.maxCrawlDelayMs ?? DEFAULT_ROBOTS_TIMES.maxCrawlDelayMs;
  const maxOrigins = options.maxOrigins ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry>>();

  function remember(origin: string, entry: Entry): void {
    cache.delete(origin);
    cache.set(origin, entry);
    while (cache.size > maxOrigins) cache.delete(cache.keys().next().value!);
  }

  async function fetchRobots(robotsUrl: string): Promise<FetchResult> {
    const fetch = () =>
      options.fetcher.fetch(robotsUrl, {
        accept: 'text/plain,*/*;q=0.5',
        maxBytes: MAX_ROBOTS_BYTES,
        extractText: false,
      });
    return options.limiter ? options.limiter.run(hostKeyOf(robotsUrl), fetch) : fetch();
  }

  async function load(origin: string, stale: Entry | undefined): Promise<Entry> {
    const robotsUrl = `${origin}/robots.txt`;
    const result = await fetchRobots(robotsUrl);
    const at = now();
    let entry: Entry;
    if (!result.ok) {
      // Network, DNS, timeout, refused address, or a file over 500 KiB (the fetcher hands none of it
      // over): allowed, and asked again sooner than a file that was read.
      entry = {
        expiresAt: at + unreachableTtlMs,
        basis: 'unreachable',
        robot: null,
        crawlDelayMs: null,
        status: null,
      };
    } else if (result.status >= 200 && result.status < 300) {
      const robot = robotsParser(robotsUrl, result.body.toString('utf8'));
      const delaySeconds = robot.getCrawlDelay(userAgent);
      const crawlDelayMs =
        typeof delaySeconds === 'number' && Number.isFinite(delaySeconds) && delaySeconds > 0
          ? Math.min(delaySeconds * 1000, maxCrawlDelayMs)
          : null;
      entry = { expiresAt: at + ttlMs, basis: 'rules', robot, crawlDelayMs, status: result.status };
    } else if (result.status === 429 || result.status >= 500) {
      // Rules known from before still hold while the server is in trouble; otherwise nothing is allowed.
      entry =
        stale && stale.basis === 'rules'
          ? { ...stale, expiresAt: at + serverErrorTtlMs }
          : {
              expiresAt: at + serverErrorTtlMs,
              basis: 'server-error',
              robot: null,
              crawlDelayMs: null,
              status: result.status,
            };
    } else {
      // 3xx left after the redirects, 4xx: no robots.txt, so no restriction.
      entry = {
        expiresAt: at + ttlMs,
        basis: 'none',
        robot: null,
        crawlDelayMs: null,
        status: result.status,
      };
    }
    options.limiter?.setMinInterval(hostKeyOf(robotsUrl), entry.crawlDelayMs);
    remember(origin, entry);
    return entry;
  }

  function entryFor(origin: string): Promise<Entry> {
    const cached = cache.get(origin);
    if (cached && cached.expiresAt > now()) return Promise.resolve(cached);
    let pending = loading.get(origin);
    if (!pending) {
      // One fetch per origin, shared by everyone asking meanwhile; it is not tied to one caller's abort.
      pending = load(origin, cached).finally(() => loading.delete(origin));
      loading.set(origin, pending);
    }
    return pending;
  }

  return {
    isEnabled,
    userAgent,
    async check(url, checkOptions = {}) {
      if (!isEnabled)
        return { allowed: true, basis: 'disabled', crawlDelayMs: null, message: null };
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        // Not ours to judge: the fetcher refuses it with its own reason.
        return { allowed: true, basis: 'none', crawlDelayMs: null, message: null };
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        return { allowed: true, basis: 'none', crawlDelayMs: null, message: null };
      const entry = await abortable(entryFor(parsed.origin), checkOptions.signal);
      if (entry.basis === 'server-error') {
        return {
          allowed: false,
          basis: 'server-error',
          crawlDelayMs: null,
          message: `${parsed.origin}/robots.txt answered ${entry.status}, so nothing on ${parsed.host} is crawled for now (it is asked again later).`,
        };
      }
      if (entry.basis !== 'rules' || !entry.robot)
        return {
          allowed: true,
          basis: entry.basis,
          crawlDelayMs: entry.crawlDelayMs,
          message: null,
        };
      const allowed = entry.robot.isAllowed(parsed.href, userAgent) ?? true;
      return {
        allowed,
        basis: 'rules',
        crawlDelayMs: entry.crawlDelayMs,
        message: allowed
          ? null
          : `${parsed.origin}/robots.txt does not allow ${userAgent.split('/')[0]} to crawl ${parsed.pathname}${parsed.search}.`,
      };
    },
    clear() {
      cache.clear();
    },
  };
}
