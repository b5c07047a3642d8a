// The one way Shark fetches a page from the outside world: http(s) only, never a private, loopback,
// link-local, metadata or otherwise internal address (checked on the address it actually connects to,
// after DNS, on every redirect), with connect and total timeouts and a size limit per response.
import type { LookupAddress } from 'node:dns';
import { request, type Dispatcher } from 'undici';
import { createAllowlist, type AllowlistEntry, type FetchAllowlist } from './allowlist.ts';
import { createGuardedAgent, refusalOfHost } from './address-guard.ts';
import { isOnionHost, type TorProxy } from './onion.ts';
import { explain } from './fetch-errors.ts';
import {
  FetchError,
  failure,
  formatBytes,
  type FetchFailure,
  type FetchResult,
} from './fetch-result.ts';
import { decodeBody, extractPageText, isHtml, isPlainText } from './html-text.ts';
import { discard, readBody } from './response-body.ts';
import { DEFAULT_USER_AGENT } from './user-agent.ts';

export {
  REFUSALS,
  type FetchedPage,
  type FetchFailure,
  type FetchFailureReason,
  type FetchResult,
} from './fetch-result.ts';

export interface SafeFetcherOptions {
  /** Hosts ("host" or "host:port") reachable even on refused addresses: local stand-ins. */
  allowlist?: readonly (AllowlistEntry | string)[];
  /** DNS + TCP + TLS. */
  connectTimeoutMs?: number;
  /** The whole fetch, redirects and body included. */
  timeoutMs?: number;
  /** Bytes per response after decompression; a function lets the limit depend on the content type. */
  maxBytes?: number | ((contentType: string | null) => number);
  maxRedirects?: number;
  userAgent?: string;
  /** Resolves a name to all its addresses; DNS by default (tests give names their own answers). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
  /**
   * Tor's SOCKS proxy (TOR_SOCKS_URL): onion addresses are fetched through it, names resolved by the
   * proxy, under the same limits as any page. Without it onion addresses are refused; clearnet
   * addresses never go through it.
   */
  tor?: TorProxy | null;
  /**
   * Asked before each request (every redirect hop) to an onion address: false refuses it, so a
   * caller can keep Tor to the work that may use it. Always true when absent.
   */
  mayFetchOnion?: () => boolean;
}

export interface FetchOptions {
  signal?: AbortSignal;
  accept?: string;
  /** This request's size limit, instead of the fetcher's. */
  maxBytes?: number | ((contentType: string | null) => number);
  /**
   * 'manual' returns a redirect answer as it is (with `location`) so the caller can apply its own
   * rules to each hop (robots.txt, per-host limits); the next hop is guarded when it is fetched.
   */
  redirect?: 'follow' | 'manual';
  /** false skips the title and text (a caller that parses the HTML itself). Default true. */
  extractText?: boolean;
}

export interface SafeFetcher {
  fetch(url: string, options?: FetchOptions): Promise<FetchResult>;
  /** The guarded undici dispatcher, for code that needs undici itself: it refuses the same addresses. */
  readonly dispatcher: Dispatcher;
  /** Whether onion addresses can be fetched (a Tor proxy is configured). */
  readonly hasTor: boolean;
  close(): Promise<void>;
}

export const DEFAULT_FETCH_LIMITS = {
  connectTimeoutMs: 5_000,
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
} as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** Where a redirect points, or the failure when it points nowhere valid. */
function redirectTarget(location: string, url: URL, redirects: string[]): URL | FetchFailure {
  try {
    return new URL(location, url);
  } catch {
    return failure(
      'invalid-url',
      `${url.host} redirected to "${location.slice(0, 200)}", which is not a valid address.`,
      url.href,
      redirects,
    );
  }
}

export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const allowlist: FetchAllowlist = createAllowlist(options.allowlist ?? []);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_FETCH_LIMITS.connectTimeoutMs;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_LIMITS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? DEFAULT_FETCH_LIMITS.maxRedirects;
  const maxBytesOption = options.maxBytes ?? DEFAULT_FETCH_LIMITS.maxBytes;
  const maxBytesFor = typeof maxBytesOption === 'function' ? maxBytesOption : () => maxBytesOption;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const timeouts = { connectTimeoutMs, timeoutMs };

  // Every connection, whoever asks for it, passes here: the last line of the guard.
  const agent = createGuardedAgent({
    allowlist,
    ...timeouts,
    resolve: options.resolve,
    tor: options.tor,
  });
  const hasTor = Boolean(options.tor);

  async function fetchPage(input: string, fetchOptions: FetchOptions = {}): Promise<FetchResult> {
    const redirects: string[] = [];
    let url: URL;
    try {
      url = new URL(input.trim());
    } catch {
      return failure(
        'invalid-url',
        `"${input.slice(0, 200)}" is not a valid web address.`,
        input,
        redirects,
      );
    }
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    const signal = fetchOptions.signal
      ? AbortSignal.any([deadline.signal, fetchOptions.signal])
      : deadline.signal;

    try {
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          return failure(
            'unsupported-scheme',
            `Only http and https addresses are fetched, not ${url.protocol.replace(/:$/, '')}.`,
            url.href,
            redirects,
          );
        }
        if (url.username || url.password) {
          return failure(
            'invalid-url',
            'Addresses with a user name or password are not fetched.',
            url.href,
            redirects,
          );
        }
        if (isOnionHost(url.hostname) && hasTor && options.mayFetchOnion?.() === false) {
          return failure(
            'refused-address',
            `${url.hostname} is a Tor onion service, and dark web scanning is not on for this work: not fetched.`,
            url.href,
            redirects,
          );
        }
        if (!allowlist.allows(url.hostname, portOf(url)) || isOnionHost(url.hostname)) {
          const refusal = refusalOfHost(url.hostname, hasTor);
          if (refusal) return failure(refusal.reason, refusal.message, url.href, redirects);
        }

        let response: Awaited<ReturnType<typeof request>>;
        try {
          response = await request(url, {
            method: 'GET',
            dispatcher: agent,
            signal,
            headers: {
              'user-agent': userAgent,
              accept:
                fetchOptions.accept ??
                'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
              'accept-language': 'en',
              'accept-encoding': 'gzip, deflate, br',
            },
          });
        } catch (error) {
          if (fetchOptions.signal?.aborted) throw error;
          const explained = explain(error, url, deadline.signal.aborted, timeouts);
          return failure(explained.reason, explained.message, url.href, redirects);
        }

        const header = (name: string): string | undefined => {
          const value = response.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        const location = header('location');
        if (REDIRECTS.has(response.statusCode) && location && fetchOptions.redirect === 'manual') {
          discard(response.body);
          const next = redirectTarget(location, url, redirects);
          if (!(next instanceof URL)) return next;
          const contentType = header('content-type') ?? null;
          return {
            ok: true,
            url: input,
            finalUrl: url.href,
            redirects,
            status: response.statusCode,
            contentType,
            body: Buffer.alloc(0),
            title: null,
            description: null,
            text: null,
            location: next.href,
          };
        }
        if (REDIRECTS.has(response.statusCode) && location) {
          discard(response.body);
          if (hop >= maxRedirects) {
            return failure(
              'too-many-redirects',
              `More than ${maxRedirects} redirects, starting from ${input}.`,
              url.href,
              redirects,
            );
          }
          const next = redirectTarget(location, url, redirects);
          if (!(next instanceof URL)) return next;
          redirects.push(next.href);
          url = next;
          continue;
        }

        const contentType = header('content-type') ?? null;
        const requestLimit = fetchOptions.maxBytes;
        const limit =
          requestLimit === undefined
            ? maxBytesFor(contentType)
            : typeof requestLimit === 'function'
              ? requestLimit(contentType)
              : requestLimit;
        const declared = Number(header('content-length'));
        const encoding = header('content-encoding')?.trim().toLowerCase();
        if (
          Number.isFinite(declared) &&
          declared > limit &&
          (!encoding || encoding === 'identity')
        ) {
          discard(response.body);
          return failure(
            'too-large',
            `The response from ${url.host} is larger than the ${formatBytes(limit)} limit.`,
            url.href,
            redirects,
          );
        }
        let body: Buffer;
        try {
          body = await readBody(response.body, encoding, limit, url);
        } catch (error) {
          if (fetchOptions.signal?.aborted) throw error;
          const explained =
            error instanceof FetchError
              ? error
              : explain(error, url, deadline.signal.aborted, timeouts);
          return failure(explained.reason, explained.message, url.href, redirects);
        }

        let page: { title: string | null; description: string | null; text: string | null } = {
          title: null,
          description: null,
          text: null,
        };
        if (fetchOptions.extractText !== false) {
          if (isHtml(contentType)) page = extractPageText(decodeBody(contentType, body));
          else if (isPlainText(contentType))
            page = {
              title: null,
              description: null,
              text: decodeBody(contentType, body).replace(/\s+/g, ' ').trim(),
            };
        }
        return {
          ok: true,
          url: input,
          finalUrl: url.href,
          redirects,
          status: response.statusCode,
          contentType,
          body,
          ...page,
        };
      }
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    fetch: fetchPage,
    dispatcher: agent,
    hasTor,
    close: () => agent.close(),
  };
}
