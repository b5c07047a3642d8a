// What every discovery source (a search API that turns a username or a picture into candidate URLs)
// looks like to the scan pipeline, and the one error type they all throw.
import type { RateLimiter } from './rate-limiter.ts';

/** Every source, in the order the UI lists them. */
export const DISCOVERY_SOURCE_IDS = [
  'brave-web',
  'brave-images',
  'serpapi-google',
  'serpapi-lens',
  'yandex-images',
  'tineye',
  'google-vision',
  'ahmia',
] as const;
export type DiscoverySourceId = (typeof DISCOVERY_SOURCE_IDS)[number];

export function isDiscoverySourceId(value: string): value is DiscoverySourceId {
  return (DISCOVERY_SOURCE_IDS as readonly string[]).includes(value);
}

/**
 * What a source searches with: 'text' takes a query (a username, a search term), 'image' takes a
 * picture (reverse image search) as a public URL, as bytes, or both.
 */
export type DiscoveryInputKind = 'text' | 'image';

/**
 * A picture to search with. Reference files are private, so the pipeline usually has bytes only;
 * a source that can only search by URL says so through `accepts`.
 */
export interface ImageInput {
  /** A public http(s) URL the provider can download the picture from. */
  url?: string;
  bytes?: Buffer;
  /** The bytes' type (image/jpeg…), sent along with an upload. */
  mimeType?: string;
}

/** What a source finds: pages that may show the content, or pictures (with the page that shows them). */
export type DiscoveryResultKind = 'pages' | 'images';

export interface DiscoveryResult {
  /**
   * The page the result is on; for a picture the provider found without its page, the picture's
   * own URL (then equal to mediaUrl: the pipeline fetches and matches direct media too).
   */
  url: string;
  title?: string;
  /** The picture itself, when the source finds pictures. */
  mediaUrl?: string;
  /** A small copy served by the provider, for previews. */
  thumbnailUrl?: string;
  /** The source that found it (its id). */
  source: DiscoverySourceId;
}

export interface DiscoverySearchOptions {
  /** Results wanted per request (clamped to what the provider accepts). */
  count?: number;
  /** Zero-based page of results; a source that cannot page answers page 0 only. */
  page?: number;
  signal?: AbortSignal;
}

export interface DiscoverySearchResponse {
  results: DiscoveryResult[];
  /** Requests charged by the provider for this search (0 when none was sent). */
  queriesUsed: number;
  /** Whether asking for the next page can give more. */
  hasMore: boolean;
}

export interface DiscoverySourceStatus {
  enabled: boolean;
  /** Why the source is off, in words for the UI; null when it is on. */
  reason: string | null;
}

interface DiscoverySourceBase {
  readonly id: DiscoverySourceId;
  /** The provider and product, for people: "Brave Search (web)". */
  readonly name: string;
  readonly kind: DiscoveryInputKind;
  readonly finds: DiscoveryResultKind;
  isEnabled(): boolean;
  status(): DiscoverySourceStatus;
  /** A dark web source (its results are onion addresses): searched only with dark web scanning. */
  readonly isDarkWeb?: boolean;
}

/** Searches with words: a username, a search term. */
export interface TextDiscoverySource extends DiscoverySourceBase {
  readonly kind: 'text';
  search(query: string, options?: DiscoverySearchOptions): Promise<DiscoverySearchResponse>;
}

/** Searches with a picture (reverse image search). */
export interface ImageDiscoverySource extends DiscoverySourceBase {
  readonly kind: 'image';
  /**
   * Whether this source can search with the input as given (a URL-only source cannot use bytes, a
   * source with an upload limit cannot use larger bytes without a URL): the pipeline skips the
   * source rather than spend a request that would fail. `search` refuses such input with 'invalid-input'.
   */
  accepts(input: ImageInput): boolean;
  search(input: ImageInput, options?: DiscoverySearchOptions): Promise<DiscoverySearchResponse>;
}

/** Narrow on `kind` before searching: a text source takes a string, an image source an ImageInput. */
export type DiscoverySource = TextDiscoverySource | ImageDiscoverySource;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface DiscoverySourceConfig {
  /** The API's base URL (scheme, host and optional path prefix); the provider's own by default. */
  endpoint?: string;
  /** Without a key the source is off. */
  apiKey?: string | null;
  /** Per request, body included. */
  timeoutMs?: number;
  /**
   * The HTTP client: global fetch by default. Provider endpoints are operator configuration, not
   * URLs from the web, so they need not go through the guarded fetcher (which would refuse a
   * stand-in on 127.0.0.1); the URLs sources return do go through it when the pipeline fetches them.
   */
  fetch?: FetchLike;
  /** Spaces this source's requests out (requests per second); none by default. */
  rateLimiter?: RateLimiter;
  /** Sent with every request; the bot's own (product, version, information page) by default. */
  userAgent?: string;
}

export type DiscoverySourceErrorCode =
  /** No key configured: the source is off and no request was sent. */
  | 'disabled'
  /** The input cannot be searched (empty query, not an http(s) image URL, bytes to a URL-only source). */
  | 'invalid-input'
  /** The provider refused the key (HTTP 401/403, or its own words for it). */
  | 'unauthorized'
  /** Too many requests or the plan's quota is used up; retryAfterMs says when to try again if known. */
  | 'rate-limited'
  /** The provider rejected the request itself (HTTP 400/422, or an error field in its JSON). */
  | 'bad-request'
  /** The provider failed (HTTP 5xx): worth retrying later. */
  | 'unavailable'
  /** The answer was not the JSON the provider documents. */
  | 'bad-response'
  /** No answer: connection refused, DNS, reset or timeout. */
  | 'network';

export class DiscoverySourceError extends Error {
  override readonly name = 'DiscoverySourceError';
  readonly sourceId: DiscoverySourceId;
  readonly code: DiscoverySourceErrorCode;
  /** The HTTP status, when there was an answer. */
  readonly status: number | null;
  /** For 'rate-limited': how long the provider asked to wait, when it said. */
  readonly retryAfterMs: number | null;

  constructor(
    sourceId: DiscoverySourceId,
    code: DiscoverySourceErrorCode,
    message: string,
    details: { status?: number | null; retryAfterMs?: number | null; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.sourceId = sourceId;
    this.code = code;
    this.status = details.status ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }

  /** Whether the same request may succeed later (rate limits, provider failures, network trouble). */
  get isRetryable(): boolean {
    return this.code === 'rate-limited' || this.code === 'unavailable' || this.code === 'network';
  }
}
