// The recipient lookup's HTTP, built on the safe fetcher: JSON for RDAP answers and bootstrap files,
// text for published CDN range lists. Every failure becomes a RemoteDataError whose message says, in
// words, what went wrong; the resolver turns it into a listed problem.
import type { SafeFetcher } from '../fetch/safe-fetch.ts';

export class RemoteDataError extends Error {
  constructor(
    message: string,
    /** The HTTP status when the server answered (404: no such record), else null. */
    public readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'RemoteDataError';
  }
}

/** RDAP answers are small; a bootstrap file is ~50 KB (dns.json the largest). */
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

export interface RemoteFetchOptions {
  maxBytes?: number;
}

async function fetchBody(fetcher: SafeFetcher, url: string, accept: string, maxBytes: number) {
  const result = await fetcher.fetch(url, { accept, extractText: false, maxBytes });
  if (!result.ok) throw new RemoteDataError(result.message);
  const host = new URL(result.finalUrl).host;
  if (result.status !== 200) {
    const what = result.status === 404 ? 'HTTP 404 (not found)' : `HTTP ${result.status}`;
    throw new RemoteDataError(`${host} answered ${what}.`, result.status);
  }
  return { body: result.body, contentType: result.contentType, host };
}

/**
 * GETs JSON (application/rdap+json or application/json, RFC 7480 §4.2) and parses it. A 404 (no
 * record), another status, an HTML page or a body that is not JSON throws a RemoteDataError.
 */
export function createFetchJson(
  fetcher: SafeFetcher,
  options: RemoteFetchOptions = {},
): (url: string) => Promise<unknown> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  return async (url) => {
    const { body, contentType, host } = await fetchBody(
      fetcher,
      url,
      'application/rdap+json, application/json;q=0.9',
      maxBytes,
    );
    if (contentType && !/json/i.test(contentType)) {
      throw new RemoteDataError(`${host} answered ${contentType.split(';')[0]!.trim()}, not JSON.`);
    }
    try {
      return JSON.parse(body.toString('utf8')) as unknown;
    } catch {
      throw new RemoteDataError(`${host} answered with a body that is not valid JSON.`);
    }
  };
}

/** GETs a text body (such as a published list of address ranges). */
export function createFetchText(
  fetcher: SafeFetcher,
  options: RemoteFetchOptions = {},
): (url: string) => Promise<string> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  return async (url) =>
    (await fetchBody(fetcher, url, 'text/plain, */*;q=0.5', maxBytes)).body.toString('utf8');
}
