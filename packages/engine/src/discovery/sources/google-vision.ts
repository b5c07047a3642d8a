// Google Cloud Vision web detection: pages and pictures on the web that match a picture. Wire format:
// POST {endpoint}/v1/images:annotate?key=<key> with { requests: [{ image: { source: { imageUri } } or
// { content: <base64> }, features: [{ type: 'WEB_DETECTION', maxResults }] }] }; the answer is
// { responses: [{ webDetection: { pagesWithMatchingImages: [{ url, pageTitle, fullMatchingImages,
// partialMatchingImages }], fullMatchingImages: [{ url }], partialMatchingImages, visuallySimilarImages,
// webEntities, bestGuessLabels } }] }, and one image that failed carries its own `error`
// (google.rpc.Status) inside a 200. A request that fails as a whole is { error: { code, message,
// status, details } } with the HTTP status. See
// https://cloud.google.com/vision/docs/reference/rest/v1/images/annotate and
// https://cloud.google.com/vision/docs/detecting-web.
import { z } from 'zod';
import { publicImageUrl, requireImagePayload } from './image-input.ts';
import { KeyedDiscoverySource } from './keyed-source.ts';
import {
  buildUrl,
  clamp,
  errorForRpcCode,
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

export const GOOGLE_VISION_DEFAULT_ENDPOINT = 'https://vision.googleapis.com';
const PROVIDER = 'Google Cloud Vision';

/**
 * A JSON request is limited to 10 MB and base64 makes bytes a third larger, so uploads stay under
 * 7 MB. Web detection answers 10 of each kind unless asked for more.
 */
export const GOOGLE_VISION_LIMITS = {
  defaultCount: 50,
  maxCount: 100,
  maxUploadBytes: 7 * 1024 * 1024,
} as const;

export type GoogleVisionSourceConfig = DiscoverySourceConfig;

const webImageSchema = z.looseObject({ url: z.string().optional(), score: z.number().optional() });

const webPageSchema = z.looseObject({
  url: z.string().optional(),
  /** "may contain HTML markups" says the reference. */
  pageTitle: z.string().optional(),
  score: z.number().optional(),
  fullMatchingImages: z.array(webImageSchema).default([]),
  partialMatchingImages: z.array(webImageSchema).default([]),
});

const rpcStatusSchema = z.looseObject({
  code: z.number().int().default(0),
  message: z.string().optional(),
});

export const googleVisionAnnotateResponseSchema = z.looseObject({
  responses: z
    .array(
      z.looseObject({
        // Absent when the web knows nothing of the picture.
        webDetection: z
          .looseObject({
            fullMatchingImages: z.array(webImageSchema).default([]),
            partialMatchingImages: z.array(webImageSchema).default([]),
            pagesWithMatchingImages: z.array(webPageSchema).default([]),
            visuallySimilarImages: z.array(webImageSchema).default([]),
          })
          .optional(),
        error: rpcStatusSchema.optional(),
      }),
    )
    .min(1, 'must answer the one image sent'),
});

/** { error: { code: 400, message, status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } } */
const googleErrorSchema = z.looseObject({
  error: z.looseObject({
    code: z.number().int().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    details: z.array(z.looseObject({ reason: z.string().optional() })).optional(),
  }),
});

function checkResponse(sourceId: DiscoverySourceId, response: ProviderResponse): void {
  if (response.status >= 200 && response.status < 300) return;
  const parsed = googleErrorSchema.safeParse(response.json);
  const error = parsed.success ? parsed.data.error : undefined;
  const detail = error?.message ?? null;
  // Google answers a wrong key with 400 INVALID_ARGUMENT; it is still a key problem.
  const badKey =
    error?.details?.some((d) => d.reason === 'API_KEY_INVALID') === true ||
    (detail !== null && /API key not valid/i.test(detail));
  if (badKey) {
    throw new DiscoverySourceError(
      sourceId,
      'unauthorized',
      `${PROVIDER} refused the API key (HTTP ${response.status}). ${PROVIDER} said: ${detail ?? 'API_KEY_INVALID'}`,
      { status: response.status },
    );
  }
  throw errorForStatus(sourceId, PROVIDER, response, detail);
}

/** Page titles come with markup (<b>…</b>) and entities; people read them as text. */
function plainText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = value
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) =>
      name === 'amp'
        ? '&'
        : name === 'lt'
          ? '<'
          : name === 'gt'
            ? '>'
            : name === 'quot'
              ? '"'
              : "'",
    )
    .trim();
  return text === '' ? undefined : text;
}

export class GoogleVisionSource
  extends KeyedDiscoverySource<GoogleVisionSourceConfig>
  implements ImageDiscoverySource
{
  readonly id = 'google-vision' as const;
  readonly name = 'Google Cloud Vision (web detection)';
  readonly kind = 'image' as const;
  readonly finds = 'images' as const;

  constructor(config: GoogleVisionSourceConfig) {
    super(config, GOOGLE_VISION_DEFAULT_ENDPOINT);
  }

  accepts(input: ImageInput): boolean {
    const bytes = input.bytes?.length ?? 0;
    return (
      (bytes > 0 && bytes <= GOOGLE_VISION_LIMITS.maxUploadBytes) ||
      publicImageUrl(input) !== undefined
    );
  }

  async search(
    input: ImageInput,
    options: DiscoverySearchOptions = {},
  ): Promise<DiscoverySearchResponse> {
    const key = this.requireKey();
    const payload = requireImagePayload(
      this.id,
      this.name,
      input,
      GOOGLE_VISION_LIMITS.maxUploadBytes,
    );
    // Web detection answers everything it has at once.
    if ((options.page ?? 0) > 0) return { results: [], queriesUsed: 0, hasMore: false };
    const maxResults = clamp(
      options.count ?? GOOGLE_VISION_LIMITS.defaultCount,
      1,
      GOOGLE_VISION_LIMITS.maxCount,
    );
    const image =
      payload.by === 'url'
        ? { source: { imageUri: payload.url } }
        : { content: payload.bytes.toString('base64') };
    const response = await this.send({
      provider: PROVIDER,
      url: buildUrl(this.endpoint, '/v1/images:annotate', { key }),
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        requests: [{ image, features: [{ type: 'WEB_DETECTION', maxResults }] }],
      }),
      signal: options.signal,
    });
    checkResponse(this.id, response);
    const body = parseBody(this.id, PROVIDER, googleVisionAnnotateResponseSchema, response);
    const [answer] = body.responses;
    if (answer?.error && answer.error.code !== 0) {
      throw errorForRpcCode(this.id, PROVIDER, answer.error, response.status);
    }
    const detection = answer?.webDetection;
    const results: DiscoveryResult[] = [];
    const seenPages = new Set<string>();
    const seenMedia = new Set<string>();
    for (const page of detection?.pagesWithMatchingImages ?? []) {
      const url = httpUrl(page.url);
      if (!url || seenPages.has(url)) continue;
      seenPages.add(url);
      const mediaUrl = [...page.fullMatchingImages, ...page.partialMatchingImages]
        .map((image) => httpUrl(image.url))
        .find((candidate) => candidate !== undefined);
      if (mediaUrl) seenMedia.add(mediaUrl);
      results.push({ url, title: plainText(page.pageTitle), mediaUrl, source: this.id });
    }
    // Copies found without their page are direct media URLs, which the pipeline fetches and matches
    // too. Visually similar pictures are not copies, so they are left out.
    for (const image of [
      ...(detection?.fullMatchingImages ?? []),
      ...(detection?.partialMatchingImages ?? []),
    ]) {
      const url = httpUrl(image.url);
      if (!url || seenMedia.has(url) || seenPages.has(url)) continue;
      seenMedia.add(url);
      results.push({ url, mediaUrl: url, source: this.id });
    }
    return { results, queriesUsed: 1, hasMore: false };
  }
}

export function createGoogleVisionSource(
  config: GoogleVisionSourceConfig = {},
): GoogleVisionSource {
  return new GoogleVisionSource(config);
}
