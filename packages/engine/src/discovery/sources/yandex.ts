// Yandex Search API v2 (Yandex Cloud), search by image: pages that show a picture. Wire format:
// POST {endpoint}/v2/image/search_by_image with `Authorization: Api-Key <key>` and a JSON body naming
// the folder and the picture (`url`, or the bytes base64-encoded in `data`), `page` and `familyMode`;
// the answer lists `images[]` (url, pageUrl, pageTitle, host, passage, width/height as int64
// strings) with `page` and `maxPage`. See
// https://yandex.cloud/en/docs/search-api/api-ref/ImageSearch/searchByImage. Failures are
// google.rpc.Status bodies ({ code, message, details }) with the matching HTTP status, see
// https://yandex.cloud/en/docs/api-design-guide/concepts/errors.
import { z } from 'zod';
import { publicImageUrl, requireImagePayload } from './image-input.ts';
import { KeyedDiscoverySource } from './keyed-source.ts';
import {
  buildUrl,
  clamp,
  errorForStatus,
  httpUrl,
  parseBody,
  type ProviderResponse,
} from './provider-http.ts';
import type {
  DiscoveryResult,
  DiscoverySearchOptions,
  DiscoverySearchResponse,
  DiscoverySourceConfig,
  DiscoverySourceId,
  DiscoverySourceStatus,
  ImageDiscoverySource,
  ImageInput,
} from './source.ts';

export const YANDEX_DEFAULT_ENDPOINT = 'https://searchapi.api.cloud.yandex.net';
const PROVIDER = 'Yandex Search API';

/** `data` holds at most 3,145,728 base64 characters, which is this many bytes. */
export const YANDEX_LIMITS = { maxUploadBytes: (3_145_728 / 4) * 3 } as const;

export type YandexFamilyMode = 'FAMILY_MODE_NONE' | 'FAMILY_MODE_MODERATE' | 'FAMILY_MODE_STRICT';

export interface YandexSourceConfig extends DiscoverySourceConfig {
  /** The Yandex Cloud folder the searches are billed to (the service account's folder). */
  folderId?: string | null;
  /** Yandex's default (moderate) hides adult pages, which is where leaks are: none unless set. */
  familyMode?: YandexFamilyMode;
}

/** proto3 JSON writes int64 as a string; accept a number too. */
const int64 = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

const imageInfoSchema = z.looseObject({
  /** The picture itself. */
  url: z.string().optional(),
  format: z.string().optional(),
  width: int64.optional(),
  height: int64.optional(),
  passage: z.string().optional(),
  host: z.string().optional(),
  pageTitle: z.string().optional(),
  /** The page the picture is on. */
  pageUrl: z.string().optional(),
});

/** proto3 JSON leaves out empty lists and zero numbers: no `images` is no result, no `page` is page 0. */
export const yandexSearchByImageResponseSchema = z.looseObject({
  images: z.array(imageInfoSchema).default([]),
  page: int64.optional(),
  maxPage: int64.optional(),
  /** The CBIR id of the picture searched. */
  id: z.string().optional(),
});

const rpcStatusSchema = z.looseObject({
  code: z.number().int(),
  message: z.string().optional(),
});

function checkResponse(sourceId: DiscoverySourceId, response: ProviderResponse): void {
  if (response.status >= 200 && response.status < 300) return;
  const rpc = rpcStatusSchema.safeParse(response.json);
  throw errorForStatus(
    sourceId,
    PROVIDER,
    response,
    rpc.success ? (rpc.data.message ?? null) : null,
  );
}

export class YandexImageSource
  extends KeyedDiscoverySource<YandexSourceConfig>
  implements ImageDiscoverySource
{
  readonly id = 'yandex-images' as const;
  readonly name = 'Yandex Images (search by image)';
  readonly kind = 'image' as const;
  readonly finds = 'images' as const;
  private readonly folderId: string | null;

  constructor(config: YandexSourceConfig) {
    super(config, YANDEX_DEFAULT_ENDPOINT);
    this.folderId = config.folderId?.trim() || null;
  }

  override status(): DiscoverySourceStatus {
    const keyed = super.status();
    if (!keyed.enabled) return keyed;
    return this.folderId === null
      ? { enabled: false, reason: `${this.name} is off: no Yandex Cloud folder ID is configured.` }
      : keyed;
  }

  accepts(input: ImageInput): boolean {
    const bytes = input.bytes?.length ?? 0;
    return (
      (bytes > 0 && bytes <= YANDEX_LIMITS.maxUploadBytes) || publicImageUrl(input) !== undefined
    );
  }

  async search(
    input: ImageInput,
    options: DiscoverySearchOptions = {},
  ): Promise<DiscoverySearchResponse> {
    const key = this.requireKey();
    const payload = requireImagePayload(this.id, this.name, input, YANDEX_LIMITS.maxUploadBytes);
    const page = clamp(options.page ?? 0, 0, Number.MAX_SAFE_INTEGER);
    const body = {
      folderId: this.folderId,
      ...(payload.by === 'url' ? { url: payload.url } : { data: payload.bytes.toString('base64') }),
      page: String(page),
      familyMode: this.config.familyMode ?? 'FAMILY_MODE_NONE',
    };
    const response = await this.send({
      provider: PROVIDER,
      url: buildUrl(this.endpoint, '/v2/image/search_by_image', {}),
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Api-Key ${key}`,
      },
      body: JSON.stringify(body),
      signal: options.signal,
    });
    checkResponse(this.id, response);
    const parsed = parseBody(this.id, PROVIDER, yandexSearchByImageResponseSchema, response);
    const results: DiscoveryResult[] = [];
    for (const image of parsed.images) {
      const mediaUrl = httpUrl(image.url);
      // A picture without its page is still worth fetching: the pipeline matches direct media too.
      const url = httpUrl(image.pageUrl) ?? mediaUrl;
      if (!url) continue;
      results.push({ url, title: image.pageTitle?.trim() || undefined, mediaUrl, source: this.id });
    }
    const limited =
      options.count === undefined
        ? results
        : results.slice(0, Math.max(1, Math.trunc(options.count)));
    const current = parsed.page ?? page;
    return { results: limited, queriesUsed: 1, hasMore: current < (parsed.maxPage ?? 0) };
  }
}

export function createYandexImageSource(config: YandexSourceConfig = {}): YandexImageSource {
  return new YandexImageSource(config);
}
