// Brave Search API adapters: web search (pages for a query) and image search (pictures for a query).
// Wire format: GET {endpoint}/res/v1/web/search and /res/v1/images/search with the key in the
// X-Subscription-Token header; see https://api-dashboard.search.brave.com/app/documentation.
import { z } from 'zod';
import { KeyedDiscoverySource } from './keyed-source.ts';
import {
  buildUrl,
  clamp,
  errorForStatus,
  httpUrl,
  parseBody,
  parseRetryAfter,
  type ProviderResponse,
} from './provider-http.ts';
import {
  DiscoverySourceError,
  type DiscoveryResult,
  type DiscoverySearchOptions,
  type DiscoverySearchResponse,
  type DiscoverySourceConfig,
  type DiscoverySourceId,
  type TextDiscoverySource,
} from './source.ts';

export const BRAVE_DEFAULT_ENDPOINT = 'https://api.search.brave.com';
const PROVIDER = 'Brave Search';

/** Documented limits: web count 1–20 and offset (a page number) 0–9; image count 1–200, no paging. */
export const BRAVE_LIMITS = {
  webMaxCount: 20,
  webMaxPage: 9,
  imageMaxCount: 200,
  maxQueryLength: 400,
  maxQueryWords: 50,
} as const;

export interface BraveSourceConfig extends DiscoverySourceConfig {
  /** Brave filters adult results by default, which hides exactly the leaks we look for: 'off' unless set. */
  safeSearch?: 'off' | 'moderate' | 'strict';
  /** Two-letter country code or 'ALL'. */
  country?: string;
  searchLang?: string;
}

const thumbnailSchema = z.looseObject({
  src: z.string().optional(),
  original: z.string().optional(),
});

const webResultSchema = z.looseObject({
  url: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  thumbnail: thumbnailSchema.optional(),
});

export const braveWebResponseSchema = z.looseObject({
  type: z.literal('search').optional(),
  query: z
    .looseObject({
      original: z.string().optional(),
      more_results_available: z.boolean().optional(),
    })
    .optional(),
  // Absent when nothing was found.
  web: z.looseObject({ results: z.array(webResultSchema).default([]) }).optional(),
});

const imageResultSchema = z.looseObject({
  type: z.string().optional(),
  /** The page the picture is on. */
  url: z.string(),
  title: z.string().optional(),
  source: z.string().optional(),
  thumbnail: thumbnailSchema.optional(),
  /** properties.url is the picture itself. */
  properties: z
    .looseObject({ url: z.string().optional(), placeholder: z.string().optional() })
    .optional(),
});

export const braveImageResponseSchema = z.looseObject({
  type: z.literal('images').optional(),
  query: z.looseObject({ original: z.string().optional() }).optional(),
  results: z.array(imageResultSchema).default([]),
});

/** { type: "ErrorResponse", error: { status, code: "SUBSCRIPTION_TOKEN_INVALID", detail } } */
const braveErrorSchema = z.looseObject({
  error: z.looseObject({ code: z.string().optional(), detail: z.string().optional() }),
});

function braveErrorDetail(json: unknown): string | null {
  const parsed = braveErrorSchema.safeParse(json);
  if (!parsed.success) return null;
  const { code, detail } = parsed.data.error;
  if (detail && code) return `${detail} (${code})`;
  return detail ?? code ?? null;
}

/**
 * Brave's rate-limit headers list one value per window ("1, 15000"); when Retry-After is missing, the
 * wait is the reset of the first window with nothing remaining.
 */
function braveRetryAfterMs(headers: Headers): number | null {
  const retryAfter = parseRetryAfter(headers.get('retry-after'));
  if (retryAfter !== null) return retryAfter;
  const remaining = (headers.get('x-ratelimit-remaining') ?? '')
    .split(',')
    .map((v) => Number(v.trim()));
  const reset = (headers.get('x-ratelimit-reset') ?? '').split(',').map((v) => Number(v.trim()));
  for (let i = 0; i < reset.length; i++) {
    const seconds = reset[i];
    if (remaining[i] === 0 && seconds !== undefined && Number.isFinite(seconds) && seconds >= 0)
      return seconds * 1000;
  }
  return null;
}

function checkResponse(sourceId: DiscoverySourceId, response: ProviderResponse): void {
  if (response.status >= 200 && response.status < 300) return;
  const error = errorForStatus(sourceId, PROVIDER, response, braveErrorDetail(response.json));
  if (error.code === 'rate-limited' && error.retryAfterMs === null) {
    throw new DiscoverySourceError(sourceId, 'rate-limited', error.message, {
      status: response.status,
      retryAfterMs: braveRetryAfterMs(response.headers),
    });
  }
  throw error;
}

function checkQuery(sourceId: DiscoverySourceId, query: string): string {
  const q = query.trim();
  if (q.length === 0)
    throw new DiscoverySourceError(sourceId, 'invalid-input', 'The search query is empty.');
  if (
    q.length > BRAVE_LIMITS.maxQueryLength ||
    q.split(/\s+/).length > BRAVE_LIMITS.maxQueryWords
  ) {
    throw new DiscoverySourceError(
      sourceId,
      'invalid-input',
      `${PROVIDER} accepts queries of at most ${BRAVE_LIMITS.maxQueryLength} characters and ${BRAVE_LIMITS.maxQueryWords} words.`,
    );
  }
  return q;
}

abstract class BraveSource
  extends KeyedDiscoverySource<BraveSourceConfig>
  implements TextDiscoverySource
{
  readonly kind = 'text' as const;

  constructor(config: BraveSourceConfig) {
    super(config, BRAVE_DEFAULT_ENDPOINT);
  }

  abstract search(
    query: string,
    options?: DiscoverySearchOptions,
  ): Promise<DiscoverySearchResponse>;

  protected async get(
    path: string,
    params: Record<string, string | number | undefined>,
    signal?: AbortSignal,
  ): Promise<ProviderResponse> {
    const key = this.requireKey();
    const response = await this.send({
      provider: PROVIDER,
      url: buildUrl(this.endpoint, path, params),
      headers: { Accept: 'application/json', 'X-Subscription-Token': key },
      signal,
    });
    checkResponse(this.id, response);
    return response;
  }

  protected commonParams(): {
    country: string | undefined;
    search_lang: string | undefined;
    safesearch: string;
  } {
    return {
      country: this.config.country,
      search_lang: this.config.searchLang,
      safesearch: this.config.safeSearch ?? 'off',
    };
  }
}

export class BraveWebSource extends BraveSource {
  readonly id = 'brave-web' as const;
  readonly name = 'Brave Search (web)';
  readonly finds = 'pages' as const;

  async search(
    query: string,
    options: DiscoverySearchOptions = {},
  ): Promise<DiscoverySearchResponse> {
    this.requireKey();
    const q = checkQuery(this.id, query);
    const page = clamp(options.page ?? 0, 0, Number.MAX_SAFE_INTEGER);
    if (page > BRAVE_LIMITS.webMaxPage) return { results: [], queriesUsed: 0, hasMore: false };
    const count = clamp(options.count ?? BRAVE_LIMITS.webMaxCount, 1, BRAVE_LIMITS.webMaxCount);
    const response = await this.get(
      '/res/v1/web/search',
      { q, count, offset: page, ...this.commonParams() },
      options.signal,
    );
    const body = parseBody(this.id, PROVIDER, braveWebResponseSchema, response);
    const results: DiscoveryResult[] = [];
    for (const item of body.web?.results ?? []) {
      const url = httpUrl(item.url);
      if (!url) continue;
      results.push({
        url,
        title: item.title,
        thumbnailUrl: httpUrl(item.thumbnail?.src),
        source: this.id,
      });
    }
    const hasMore = (body.query?.more_results_available ?? false) && page < BRAVE_LIMITS.webMaxPage;
    return { results, queriesUsed: 1, hasMore };
  }
}

export class BraveImageSource extends BraveSource {
  readonly id = 'brave-images' as const;
  readonly name = 'Brave Search (images)';
  readonly finds = 'images' as const;

  async search(
    query: string,
    options: DiscoverySearchOptions = {},
  ): Promise<DiscoverySearchResponse> {
    this.requireKey();
    const q = checkQuery(this.id, query);
    // The image endpoint has no offset: one request returns up to 200 results.
    if ((options.page ?? 0) > 0) return { results: [], queriesUsed: 0, hasMore: false };
    const count = clamp(options.count ?? BRAVE_LIMITS.imageMaxCount, 1, BRAVE_LIMITS.imageMaxCount);
    const common = this.commonParams();
    // Image search knows only 'off' and 'strict'.
    const safesearch = common.safesearch === 'moderate' ? 'strict' : common.safesearch;
    const response = await this.get(
      '/res/v1/images/search',
      { q, count, ...common, safesearch },
      options.signal,
    );
    const body = parseBody(this.id, PROVIDER, braveImageResponseSchema, response);
    const results: DiscoveryResult[] = [];
    for (const item of body.results) {
      const url = httpUrl(item.url);
      if (!url) continue;
      results.push({
        url,
        title: item.title,
        mediaUrl: httpUrl(item.properties?.url),
        thumbnailUrl: httpUrl(item.thumbnail?.src),
        source: this.id,
      });
    }
    return { results, queriesUsed: 1, hasMore: false };
  }
}

export function createBraveWebSource(config: BraveSourceConfig = {}): BraveWebSource {
  return new BraveWebSource(config);
}

export function createBraveImageSource(config: BraveSourceConfig = {}): BraveImageSource {
  return new BraveImageSource(config);
}
