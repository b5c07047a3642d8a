// Ahmia, the search engine of Tor onion services: GET {endpoint}/search/?q=… answers an HTML page of
// results (`li.result`, the link through /search/redirect with the onion address in `redirect_url`,
// the address again in `cite`). It has a clearnet address (https://ahmia.fi) and an onion one, the
// default, reached through Tor like every other onion address. No key; no paging (one page holds
// every result). A dark web source: scans search it only for creators with dark web scanning.
import { load } from 'cheerio';
import { DEFAULT_USER_AGENT } from '../../fetch/user-agent.ts';
import { isOnionUrl } from '../../fetch/onion.ts';
import { buildUrl, DEFAULT_SOURCE_TIMEOUT_MS, parseRetryAfter } from './provider-http.ts';
import {
  DiscoverySourceError,
  type DiscoveryResult,
  type DiscoverySearchOptions,
  type DiscoverySearchResponse,
  type DiscoverySourceConfig,
  type DiscoverySourceStatus,
  type TextDiscoverySource,
} from './source.ts';

/** Ahmia's onion service (its clearnet address is https://ahmia.fi). */
export const AHMIA_DEFAULT_ENDPOINT =
  'http://juhanurmihxlp77nkq76byazcldy2hlmovfu2epvl5ankdibsot4csyd.onion';
const NAME = 'Ahmia (onion search)';
const MAX_QUERY_LENGTH = 200;

export interface AhmiaSourceConfig extends Omit<DiscoverySourceConfig, 'apiKey'> {
  /**
   * Whether onion addresses can be reached (a Tor proxy is configured and `fetch` goes through it).
   * Without it an onion endpoint is off; a clearnet endpoint still answers, but its results are onion
   * addresses only Tor can fetch, so it is off too.
   */
  hasTor: boolean;
}

/** The onion addresses of an Ahmia result page, with their titles, in page order, each once. */
export function parseAhmiaResults(html: string): { url: string; title?: string }[] {
  const $ = load(html);
  const seen = new Set<string>();
  const results: { url: string; title?: string }[] = [];
  $('li.result').each((_, item) => {
    const link = $(item).find('h4 a').first();
    const href = link.attr('href') ?? '';
    let url: string | null = null;
    try {
      const redirect = new URL(href, 'http://ahmia.invalid').searchParams.get('redirect_url');
      url = redirect ?? null;
    } catch {
      url = null;
    }
    url ??= $(item).find('cite').first().text().trim() || href;
    if (!/^https?:\/\//i.test(url) || !isOnionUrl(url)) return;
    const normalized = new URL(url).href;
    if (seen.has(normalized)) return;
    seen.add(normalized);
    const title = link.text().replace(/\s+/g, ' ').trim();
    results.push(title ? { url: normalized, title } : { url: normalized });
  });
  return results;
}

export function createAhmiaSource(config: AhmiaSourceConfig): TextDiscoverySource & {
  readonly isDarkWeb: true;
} {
  const endpoint = config.endpoint?.trim() || AHMIA_DEFAULT_ENDPOINT;
  const status = (): DiscoverySourceStatus =>
    config.hasTor
      ? { enabled: true, reason: null }
      : { enabled: false, reason: `${NAME} is off: dark web scanning needs TOR_SOCKS_URL.` };

  return {
    id: 'ahmia',
    name: NAME,
    kind: 'text',
    finds: 'pages',
    isDarkWeb: true,
    isEnabled: () => status().enabled,
    status,
    async search(
      query: string,
      options: DiscoverySearchOptions = {},
    ): Promise<DiscoverySearchResponse> {
      if (!status().enabled) throw new DiscoverySourceError('ahmia', 'disabled', status().reason!);
      const q = query.trim();
      if (q.length === 0 || q.length > MAX_QUERY_LENGTH) {
        throw new DiscoverySourceError(
          'ahmia',
          'invalid-input',
          `The search query must have 1 to ${MAX_QUERY_LENGTH} characters.`,
        );
      }
      if ((options.page ?? 0) > 0) return { results: [], queriesUsed: 0, hasMore: false };
      await config.rateLimiter?.acquire(options.signal);
      const url = buildUrl(endpoint, '/search/', { q });
      const timeout = AbortSignal.timeout(config.timeoutMs ?? DEFAULT_SOURCE_TIMEOUT_MS);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      let response: Response;
      let html: string;
      try {
        response = await (config.fetch ?? fetch)(url.toString(), {
          method: 'GET',
          headers: {
            'User-Agent': config.userAgent ?? DEFAULT_USER_AGENT,
            accept: 'text/html',
          },
          redirect: 'error',
          signal,
        });
        html = await response.text();
      } catch (error) {
        if (options.signal?.aborted) throw error;
        throw new DiscoverySourceError(
          'ahmia',
          'network',
          `${NAME} did not answer (${url.origin}): ${(error as Error).message}.`,
          { cause: error },
        );
      }
      if (response.status === 429) {
        throw new DiscoverySourceError('ahmia', 'rate-limited', `${NAME} asked to slow down.`, {
          status: 429,
          retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
        });
      }
      if (response.status >= 500) {
        throw new DiscoverySourceError(
          'ahmia',
          'unavailable',
          `${NAME} failed (${response.status}).`,
          {
            status: response.status,
          },
        );
      }
      if (response.status !== 200) {
        throw new DiscoverySourceError(
          'ahmia',
          'bad-request',
          `${NAME} answered ${response.status}.`,
          {
            status: response.status,
          },
        );
      }
      const results: DiscoveryResult[] = parseAhmiaResults(html).map((result) => ({
        ...result,
        source: 'ahmia',
      }));
      return { results, queriesUsed: 1, hasMore: false };
    },
  };
}
