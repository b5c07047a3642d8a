// TinEye API: pages that show a picture (exact and edited copies). Wire format: GET
// {endpoint}/search/ with `image_url`, or POST the same path as multipart/form-data with the picture
// in `image_upload`; the key goes in the `x-api-key` header (TinEye's scheme since August 2021);
// `offset`, `limit`, `sort` and `order` page through the matches. The answer is
// { status, code, messages[], stats: { total_results, total_filtered_results, total_backlinks… },
// results: { matches: [{ image_url, domain, score, width, height, backlinks: [{ url, backlink,
// crawl_date }] }] } }: `backlink` is the page, `url` the picture on it. Failures carry the same
// envelope with `code` and `messages` (400 bad image, 401 key, 402 no searches left, 429). Shapes
// from https://api.tineye.com/rest/ as read by TinEye's own client (github.com/TinEye/pytineye) and
// https://help.tineye.com/article/293-tineye-api-error-messages.
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
import {
  DiscoverySourceError,
  type DiscoveryResult,
  type DiscoverySearchOptions,
  type DiscoverySearchResponse,
  type DiscoverySourceConfig,
  type DiscoverySourceId,
  type ImageDiscoverySource,
  type ImageInput,
} from './source.ts';

export const TINEYE_DEFAULT_ENDPOINT = 'https://api.tineye.com/rest';
const PROVIDER = 'TinEye';

/**
 * Matches per request: TinEye's own client asks for 100 by default. TinEye documents no upload
 * limit we rely on; larger pictures go by URL so one request's body stays reasonable.
 */
export const TINEYE_LIMITS = {
  defaultCount: 100,
  maxCount: 100,
  maxUploadBytes: 20 * 1024 * 1024,
} as const;

export type TinEyeSourceConfig = DiscoverySourceConfig;

const backlinkSchema = z.looseObject({
  /** The picture on that page. */
  url: z.string().nullish(),
  /** The page. */
  backlink: z.string().nullish(),
  crawl_date: z.string().nullish(),
});

const matchSchema = z.looseObject({
  /** TinEye's own copy of the matched picture (a thumbnail for previews). */
  image_url: z.string().nullish(),
  domain: z.string().nullish(),
  score: z.number().nullish(),
  backlinks: z.array(backlinkSchema).nullish(),
});

export const tinEyeSearchResponseSchema = z.looseObject({
  status: z.string().optional(),
  code: z.number().int().optional(),
  messages: z.array(z.string()).nullish(),
  stats: z
    .looseObject({
      total_results: z.number().int().optional(),
      total_filtered_results: z.number().int().optional(),
      total_backlinks: z.number().int().optional(),
    })
    .optional(),
  results: z.looseObject({ matches: z.array(matchSchema).default([]) }).optional(),
});

const envelopeSchema = z.looseObject({
  code: z.number().int().optional(),
  messages: z.array(z.string()).nullish(),
});

/** TinEye repeats the status in its JSON `code`; either one failing is a failure. */
function checkResponse(sourceId: DiscoverySourceId, response: ProviderResponse): void {
  const envelope = envelopeSchema.safeParse(response.json);
  const code = envelope.success ? envelope.data.code : undefined;
  const httpOk = response.status >= 200 && response.status < 300;
  if (httpOk && (code === undefined || code === 200)) return;
  const status = httpOk && code !== undefined ? code : response.status;
  const detail = envelope.success ? (envelope.data.messages ?? []).join(' ') || null : null;
  if (status === 402 || (detail !== null && /no more searches/i.test(detail))) {
    throw new DiscoverySourceError(
      sourceId,
      'rate-limited',
      `${PROVIDER} has no searches left in the bundle (HTTP ${status}).${detail ? ` ${PROVIDER} said: ${detail}` : ''}`,
      { status },
    );
  }
  throw errorForStatus(sourceId, PROVIDER, { ...response, status }, detail);
}

export class TinEyeSource
  extends KeyedDiscoverySource<TinEyeSourceConfig>
  implements ImageDiscoverySource
{
  readonly id = 'tineye' as const;
  readonly name = 'TinEye';
  readonly kind = 'image' as const;
  readonly finds = 'images' as const;

  constructor(config: TinEyeSourceConfig) {
    super(config, TINEYE_DEFAULT_ENDPOINT);
  }

  accepts(input: ImageInput): boolean {
    const bytes = input.bytes?.length ?? 0;
    return (
      (bytes > 0 && bytes <= TINEYE_LIMITS.maxUploadBytes) || publicImageUrl(input) !== undefined
    );
  }

  async search(
    input: ImageInput,
    options: DiscoverySearchOptions = {},
  ): Promise<DiscoverySearchResponse> {
    const key = this.requireKey();
    const payload = requireImagePayload(this.id, this.name, input, TINEYE_LIMITS.maxUploadBytes);
    const limit = clamp(options.count ?? TINEYE_LIMITS.defaultCount, 1, TINEYE_LIMITS.maxCount);
    const offset = clamp(options.page ?? 0, 0, Number.MAX_SAFE_INTEGER) * limit;
    const params = { offset, limit, sort: 'score', order: 'desc' };
    const headers = { Accept: 'application/json', 'x-api-key': key };
    let response: ProviderResponse;
    if (payload.by === 'url') {
      response = await this.send({
        provider: PROVIDER,
        url: buildUrl(this.endpoint, '/search/', { image_url: payload.url, ...params }),
        headers,
        signal: options.signal,
      });
    } else {
      // As TinEye's client sends an upload: every parameter a field of the same form.
      const form = new FormData();
      const type = payload.mimeType ?? 'application/octet-stream';
      form.append('image_upload', new Blob([payload.bytes], { type }), `image${extensionOf(type)}`);
      for (const [name, value] of Object.entries(params)) form.append(name, String(value));
      response = await this.send({
        provider: PROVIDER,
        url: buildUrl(this.endpoint, '/search/', {}),
        method: 'POST',
        headers,
        body: form,
        signal: options.signal,
      });
    }
    checkResponse(this.id, response);
    const body = parseBody(this.id, PROVIDER, tinEyeSearchResponseSchema, response);
    const matches = body.results?.matches ?? [];
    const results: DiscoveryResult[] = [];
    const seen = new Set<string>();
    for (const match of matches) {
      for (const backlink of match.backlinks ?? []) {
        const url = httpUrl(backlink.backlink);
        if (!url) continue;
        const mediaUrl = httpUrl(backlink.url);
        const key = `${url} ${mediaUrl ?? ''}`;
        if (seen.has(key)) continue;
        seen.add(key);
        results.push({ url, mediaUrl, thumbnailUrl: httpUrl(match.image_url), source: this.id });
      }
    }
    const total = body.stats?.total_filtered_results ?? body.stats?.total_results;
    const hasMore =
      matches.length > 0 &&
      (total === undefined ? matches.length === limit : offset + matches.length < total);
    return { results, queriesUsed: 1, hasMore };
  }
}

function extensionOf(mimeType: string): string {
  const subtype = /^image\/([a-z0-9.+-]+)/i.exec(mimeType)?.[1]?.toLowerCase();
  if (!subtype) return '';
  return subtype === 'jpeg' ? '.jpg' : `.${subtype.replace(/\+.*$/, '')}`;
}

export function createTinEyeSource(config: TinEyeSourceConfig = {}): TinEyeSource {
  return new TinEyeSource(config);
}
