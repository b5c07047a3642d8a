// SerpApi adapters: Google web search (engine=google, pages for a query) and Google Lens (engine=
// google_lens, pages showing a picture). Wire format: GET {endpoint}/search.json with the key in the
// api_key parameter; failures come as { "error": "…" }, sometimes with HTTP 200; see https://serpapi.com.
import { z } from 'zod';
import { publicImageUrl, requireImageUrl } from './image-input.ts';
import { KeyedDiscoverySource } from './keyed-source.ts';
import {
  buildUrl,
  clamp,
  errorForStatus,
  httpUrl,
  parseBody,
  type ProviderResponse,
} from './provider-http.ts';
import {
  DiscoverySourceError,
  type DiscoveryResult,
  type DiscoverySearchOptions,
  type DiscoverySearchResponse,
  type DiscoverySourceConfig,
  type DiscoverySourceId,
  type ImageDiscoverySource,
  type ImageInput,
  type TextDiscoverySource,
} from './source.ts';

export const SERPAPI_DEFAULT_ENDPOINT = 'https://serpapi.com';
const PROVIDER = 'SerpApi';

export const SERPAPI_LIMITS = { googleDefaultCount: 10, googleMaxCount: 100 } as const;

export interface SerpApiSourceConfig extends DiscoverySourceConfig {
  /** Google's interface language (hl), e.g. 'en'. */
  language?: string;
  /** Google's country (gl for google, country for google_lens), e.g. 'us'. */
  country?: string;
}

const searchMetadataSchema = z.looseObject({
  id: z.string().optional(),
  status: z.string().optional(),
});

const organicResultSchema = z.looseObject({
  position: z.number().optional(),
  link: z.string(),
  title: z.string().optional(),
  snippet: z.string().optional(),
  thumbnail: z.string().optional(),
});

export const serpApiGoogleResponseSchema = z.looseObject({
  search_metadata: searchMetadataSchema.optional(),
  organic_results: z.array(organicResultSchema).default([]),
  serpapi_pagination: z
    .looseObject({ current: z.number().optional(), next: z.string().optional() })
    .optional(),
  error: z.string().optional(),
});

const visualMatchSchema = z.looseObject({
  position: z.number().optional(),
  /** The page that shows the picture. */
  link: z.string(),
  title: z.string().optional(),
  source: z.string().optional(),
  thumbnail: z.string().optional(),
  /** The matching picture itself (not always given). */
  image: z.string().optional(),
});

export const serpApiLensResponseSchema = z.looseObject({
  search_metadata: searchMetadataSchema.optional(),
  visual_matches: z.array(visualMatchSchema).default([]),
  error: z.string().optional(),
});

const errorBodySchema = z.looseObject({ error: z.string() });

/** SerpApi reports "nothing found" in the error field with HTTP 200: an empty result, not a failure. */
function isNoResults(message: string): boolean {
  return /hasn'?t returned any results/i.test(message);
}

/** The error field's words, classified where SerpApi's documented messages allow. */
function errorForMessage(
  sourceId: DiscoverySourceId,
  message: string,
  status: number,
): DiscoverySourceError {
  if (/invalid api key|api key.*(missing|not valid)/i.test(message)) {
    return new DiscoverySourceError(
      sourceId,
      'unauthorized',
      `${PROVIDER} refused the API key. ${PROVIDER} said: ${message}`,
      { status },
    );
  }
  if (/run out of searches|throughput|rate limit|too many requests/i.test(message)) {
    return new DiscoverySourceError(
      sourceId,
      'rate-limited',
      `${PROVIDER} quota or rate limit reached. ${PROVIDER} said: ${message}`,
      {
        status,
      },
    );
  }
  return new DiscoverySourceError(
    sourceId,
    'bad-request',
    `${PROVIDER} could not run the search. ${PROVIDER} said: ${message}`,
    { status },
  );
}

function checkResponse(sourceId: DiscoverySourceId, response: ProviderResponse): void {
  if (response.status >= 200 && response.status < 300) {
    const body = errorBodySchema.safeParse(response.json);
    if (body.success && !isNoResults(body.data.error))
      throw errorForMessage(sourceId, body.data.error, response.status);
    return;
  }
  const body = errorBodySchema.safeParse(response.json);
  const error = errorForStatus(sourceId, PROVIDER, response, body.success ? body.data.error : null);
  // A 400 that is really about the key (SerpApi answers some key problems so) is still a key problem.
  if (error.code === 'bad-request' && body.success) {
    const byMessage = errorForMessage(sourceId, body.data.error, response.status);
    if (byMessage.code !== 'bad-request') throw byMessage;
  }
  throw error;
}

abstract class SerpApiSource extends KeyedDiscoverySource<SerpApiSourceConfig> {
  constructor(config: SerpApiSourceConfig) {
    super(config, SERPAPI_DEFAULT_ENDPOINT);
  }

  protected async get(
    params: Record<string, string | number | undefined>,
    signal?: AbortSignal,
  ): Promise<ProviderResponse> {
    const key = this.requireKey();
    const response = await this.send({
      provider: PROVIDER,
      url: buildUrl(this.endpoint, '/search.json', { ...params, api_key: key }),
      headers: { Accept: 'application/json' },
      signal,
    });
    checkResponse(this.id, response);
    return response;
  }
}

export class SerpApiGoogleSource extends SerpApiSource implements TextDiscoverySource {
  readonly id = 'serpapi-google' as const;
  readonly name = 'SerpApi (Google)';
  readonly kind = 'text' as const;
  readonly finds = 'pages' as const;

  async search(
    query: string,
    options: DiscoverySearchOptions = {},
  ): Promise<DiscoverySearchResponse> {
    this.requireKey();
    const q = query.trim();
    if (q.length === 0)
      throw new DiscoverySourceError(this.id, 'invalid-input', 'The search query is empty.');
    const count = clamp(
      options.count ?? SERPAPI_LIMITS.googleDefaultCount,
      1,
      SERPAPI_LIMITS.googleMaxCount,
    );
    const page = clamp(options.page ?? 0, 0, Number.MAX_SAFE_INTEGER);
    const response = await this.get(
      {
        engine: 'google',
        q,
        num: count,
        start: page > 0 ? page * count : undefined,
        // Google's SafeSearch hides the adult pages that leaks are on.
        safe: 'off',
        hl: this.config.language,
        gl: this.config.country,
      },
      options.signal,
    );
    const body = parseBody(this.id, PROVIDER, serpApiGoogleResponseSchema, response);
    const results: DiscoveryResult[] = [];
    for (const item of body.organic_results) {
      const url = httpUrl(item.link);
      if (!url) continue;
      results.push({
        url,
        title: item.title,
        thumbnailUrl: httpUrl(item.thumbnail),
        source: this.id,
      });
    }
    return { results, queriesUsed: 1, hasMore: body.serpapi_pagination?.next !== undefined };
  }
}

export class SerpApiLensSource extends SerpApiSource implements ImageDiscoverySource {
  readonly id = 'serpapi-lens' as const;
  readonly name = 'SerpApi (Google Lens)';
  readonly kind = 'image' as const;
  readonly finds = 'images' as const;

  /** SerpApi's google_lens engine takes a URL only (no upload). */
  accepts(input: ImageInput): boolean {
    return publicImageUrl(input) !== undefined;
  }

  async search(
    input: ImageInput,
    options: DiscoverySearchOptions = {},
  ): Promise<DiscoverySearchResponse> {
    this.requireKey();
    const imageUrl = requireImageUrl(this.id, this.name, input);
    // Lens answers everything it has in one response.
    if ((options.page ?? 0) > 0) return { results: [], queriesUsed: 0, hasMore: false };
    const response = await this.get(
      {
        engine: 'google_lens',
        url: imageUrl,
        hl: this.config.language,
        country: this.config.country,
      },
      options.signal,
    );
    const body = parseBody(this.id, PROVIDER, serpApiLensResponseSchema, response);
    const results: DiscoveryResult[] = [];
    for (const item of body.visual_matches) {
      const url = httpUrl(item.link);
      if (!url) continue;
      results.push({
        url,
        title: item.title,
        mediaUrl: httpUrl(item.image),
        thumbnailUrl: httpUrl(item.thumbnail),
        source: this.id,
      });
    }
    const limited =
      options.count === undefined
        ? results
        : results.slice(0, Math.max(1, Math.trunc(options.count)));
    return { results: limited, queriesUsed: 1, hasMore: false };
  }
}

export function createSerpApiGoogleSource(config: SerpApiSourceConfig = {}): SerpApiGoogleSource {
  return new SerpApiGoogleSource(config);
}

export function createSerpApiLensSource(config: SerpApiSourceConfig = {}): SerpApiLensSource {
  return new SerpApiLensSource(config);
}
