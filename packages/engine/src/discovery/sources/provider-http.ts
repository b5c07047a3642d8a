// The HTTP plumbing the source adapters share: building a URL under a configurable endpoint, sending
// one request with a timeout, turning HTTP failures into DiscoverySourceErrors and the body into JSON.
import type { z } from 'zod';
import { DiscoverySourceError, type DiscoverySourceId, type FetchLike } from './source.ts';

export const DEFAULT_SOURCE_TIMEOUT_MS = 15_000;

/** The path appended to the endpoint's own path, so a stand-in can live under a prefix. */
export function buildUrl(
  endpoint: string,
  path: string,
  params: Record<string, string | number | undefined>,
): URL {
  const url = new URL(endpoint);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  url.search = '';
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

export interface ProviderResponse {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or undefined when it was not JSON. */
  json: unknown;
}

export interface RequestOptions {
  sourceId: DiscoverySourceId;
  /** The provider's name for messages: "Brave Search". */
  provider: string;
  url: URL;
  /** GET unless said. */
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  /** A JSON text or a multipart form; fetch sets the form's content type and boundary. */
  body?: string | FormData;
  fetch: FetchLike;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** A GET has no method or body to give. */
export type GetOptions = Omit<RequestOptions, 'method' | 'body'>;

/** The URL without secrets, for messages that may be logged. */
function describeUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** One GET; see requestJson. */
export function getJson(options: GetOptions): Promise<ProviderResponse> {
  return requestJson(options);
}

/** One request; throws 'network' when there is no answer, otherwise returns status, headers and JSON. */
export async function requestJson(options: RequestOptions): Promise<ProviderResponse> {
  const { sourceId, provider, url } = options;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await options.fetch(url.toString(), {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      signal,
      // A provider API never redirects; following one would send the key somewhere unconfigured.
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const timedOut = timeout.aborted;
    throw new DiscoverySourceError(
      sourceId,
      'network',
      timedOut
        ? `${provider} did not answer within ${options.timeoutMs / 1000} s (${describeUrl(url)}).`
        : `${provider} could not be reached at ${describeUrl(url)}: ${error instanceof Error ? error.message : String(error)}.`,
      { cause: error },
    );
  }
  let json: unknown;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json };
}

/** The HTTP status classes every provider shares; `detail` is the provider's own message, if any. */
export function errorForStatus(
  sourceId: DiscoverySourceId,
  provider: string,
  response: ProviderResponse,
  detail: string | null,
): DiscoverySourceError {
  const { status } = response;
  const said = detail ? ` ${provider} said: ${detail}` : '';
  if (status === 401 || status === 403) {
    return new DiscoverySourceError(
      sourceId,
      'unauthorized',
      `${provider} refused the API key (HTTP ${status}).${said}`,
      { status },
    );
  }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    const wait = retryAfterMs === null ? '' : ` Retry after ${Math.ceil(retryAfterMs / 1000)} s.`;
    return new DiscoverySourceError(
      sourceId,
      'rate-limited',
      `${provider} rate limit or quota reached (HTTP 429).${wait}${said}`,
      {
        status,
        retryAfterMs,
      },
    );
  }
  if (status >= 500) {
    return new DiscoverySourceError(
      sourceId,
      'unavailable',
      `${provider} failed (HTTP ${status}).${said}`,
      { status },
    );
  }
  return new DiscoverySourceError(
    sourceId,
    'bad-request',
    `${provider} rejected the request (HTTP ${status}).${said}`,
    { status },
  );
}

/**
 * Errors in Google's and Yandex Cloud's shape (google.rpc.Status: a gRPC code and a message), used
 * where the HTTP status does not tell, such as one failed image in a successful batch answer.
 */
export function errorForRpcCode(
  sourceId: DiscoverySourceId,
  provider: string,
  rpc: { code: number; message?: string | undefined },
  status: number,
): DiscoverySourceError {
  const said = rpc.message ? ` ${provider} said: ${rpc.message}` : '';
  switch (rpc.code) {
    // UNAUTHENTICATED, PERMISSION_DENIED
    case 16:
    case 7:
      return new DiscoverySourceError(
        sourceId,
        'unauthorized',
        `${provider} refused the API key.${said}`,
        {
          status,
        },
      );
    // RESOURCE_EXHAUSTED
    case 8:
      return new DiscoverySourceError(
        sourceId,
        'rate-limited',
        `${provider} rate limit or quota reached.${said}`,
        { status },
      );
    // UNKNOWN, DEADLINE_EXCEEDED, ABORTED, INTERNAL, UNAVAILABLE
    case 2:
    case 4:
    case 10:
    case 13:
    case 14:
      return new DiscoverySourceError(sourceId, 'unavailable', `${provider} failed.${said}`, {
        status,
      });
    default:
      return new DiscoverySourceError(
        sourceId,
        'bad-request',
        `${provider} could not run the search.${said}`,
        { status },
      );
  }
}

/** Parses a 2xx body with the provider's schema; anything else is 'bad-response'. */
export function parseBody<T>(
  sourceId: DiscoverySourceId,
  provider: string,
  schema: z.ZodType<T>,
  response: ProviderResponse,
): T {
  if (response.json === undefined) {
    throw new DiscoverySourceError(
      sourceId,
      'bad-response',
      `${provider} answered HTTP ${response.status} without JSON.`,
      {
        status: response.status,
      },
    );
  }
  const parsed = schema.safeParse(response.json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? ` (${first.path.join('.') || 'body'}: ${first.message})` : '';
    throw new DiscoverySourceError(
      sourceId,
      'bad-response',
      `${provider} answered in an unexpected shape${where}.`,
      {
        status: response.status,
      },
    );
  }
  return parsed.data;
}

/** The value when it is an absolute http(s) URL; providers sometimes return data: URIs or relative paths we cannot use. */
export function httpUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value)));
}
