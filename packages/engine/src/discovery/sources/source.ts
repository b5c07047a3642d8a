// What every discovery source (a search API that turns a username or a picture into candidate URLs)
// looks like to the scan pipeline, and the one error type they all throw.

export type DiscoverySourceId = 'brave-web' | 'brave-images' | 'serpapi-google' | 'serpapi-lens';

/**
 * What a source searches with: 'text' takes a query (a username, a search term), 'image' takes the
 * public URL of a picture (reverse image search).
 */
export type DiscoveryInputKind = 'text' | 'image';

/** What a source finds: pages that may show the content, or pictures (with the page that shows them). */
export type DiscoveryResultKind = 'pages' | 'images';

export interface DiscoveryResult {
  /** The page the result is on. */
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

export interface DiscoverySource {
  readonly id: DiscoverySourceId;
  /** The provider and product, for people: "Brave Search (web)". */
  readonly name: string;
  readonly kind: DiscoveryInputKind;
  readonly finds: DiscoveryResultKind;
  isEnabled(): boolean;
  status(): DiscoverySourceStatus;
  /** A query for a 'text' source, an image URL for an 'image' source. */
  search(input: string, options?: DiscoverySearchOptions): Promise<DiscoverySearchResponse>;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface DiscoverySourceConfig {
  /** The API's base URL (scheme, host and optional path prefix); the provider's own by default. */
  endpoint?: string;
  /** Without a key the source is off. */
  apiKey?: string | null;
  /** Per request, body included. */
  timeoutMs?: number;
  /** The HTTP client: global fetch by default; pass the guarded fetcher's or a test's. */
  fetch?: FetchLike;
}

export type DiscoverySourceErrorCode =
  /** No key configured: the source is off and no request was sent. */
  | 'disabled'
  /** The input cannot be searched (empty query, not an http(s) image URL). */
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

/**
 * What every keyed provider source shares: its endpoint (the provider's own by default), its key, and
 * being off — with the reason for the UI — when no key is configured.
 */
export abstract class KeyedDiscoverySource<
  Config extends DiscoverySourceConfig,
> implements DiscoverySource {
  abstract readonly id: DiscoverySourceId;
  abstract readonly name: string;
  abstract readonly kind: DiscoveryInputKind;
  abstract readonly finds: DiscoveryResultKind;
  protected readonly endpoint: string;
  protected readonly apiKey: string | null;

  constructor(
    protected readonly config: Config,
    defaultEndpoint: string,
  ) {
    this.endpoint = config.endpoint?.trim() || defaultEndpoint;
    this.apiKey = config.apiKey?.trim() || null;
  }

  isEnabled(): boolean {
    return this.apiKey !== null;
  }

  status(): { enabled: boolean; reason: string | null } {
    return this.apiKey === null
      ? { enabled: false, reason: `${this.name} is off: no API key is configured.` }
      : { enabled: true, reason: null };
  }

  abstract search(
    input: string,
    options?: DiscoverySearchOptions,
  ): Promise<DiscoverySearchResponse>;

  protected requireKey(): string {
    if (this.apiKey === null)
      throw new DiscoverySourceError(
        this.id,
        'disabled',
        this.status().reason ?? `${this.name} is off.`,
      );
    return this.apiKey;
  }
}
