// The Google Cloud Vision web detection adapter against a local stand-in that checks the request
// and answers with the JSON Google documents. Fixture shapes: the v1 images:annotate reference
// (AnnotateImageResponse.webDetection with webEntities, fullMatchingImages, partialMatchingImages,
// pagesWithMatchingImages with pageTitle and its own matching images, visuallySimilarImages,
// bestGuessLabels; a per-image `error` google.rpc.Status) and Google's API error body
// ({ error: { code, message, status, details[ErrorInfo] } }).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  jsonBody,
  readFixture,
  startFakeProvider,
  type FakeProviderServer,
} from './fake-provider-server.ts';
import { createGoogleVisionSource, GOOGLE_VISION_LIMITS } from './google-vision.ts';
import { DiscoverySourceError } from './source.ts';

const KEY = 'AIzaSy-test-key-0123456789';
let vision: FakeProviderServer;

beforeAll(async () => {
  vision = await startFakeProvider();
});
afterAll(async () => {
  await vision.close();
});
beforeEach(() => {
  vision.requests.length = 0;
});

async function caught(promise: Promise<unknown>): Promise<DiscoverySourceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DiscoverySourceError) return error;
    throw error;
  }
  throw new Error('expected a DiscoverySourceError');
}

const imageUrl = 'https://cdn.shark.example/ref/a1.jpg';
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const source = (apiKey: string | null = KEY) =>
  createGoogleVisionSource({ endpoint: vision.endpoint, apiKey });

describe('Google Cloud Vision web detection', () => {
  it('POSTs images:annotate with the key parameter and a WEB_DETECTION request by URL', async () => {
    vision.answer({ body: readFixture('google-vision-web-detection.json') });
    await source().search({ url: imageUrl }, { count: 30 });
    const [request] = vision.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/images:annotate');
    expect(request?.query.get('key')).toBe(KEY);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(jsonBody(request)).toEqual({
      requests: [
        {
          image: { source: { imageUri: imageUrl } },
          features: [{ type: 'WEB_DETECTION', maxResults: 30 }],
        },
      ],
    });
  });

  it('sends bytes as base64 content', async () => {
    vision.answer({ body: readFixture('google-vision-web-detection.json') });
    await source().search({ bytes: png, mimeType: 'image/png' });
    expect(jsonBody(vision.requests[0])).toEqual({
      requests: [
        {
          image: { content: png.toString('base64') },
          features: [{ type: 'WEB_DETECTION', maxResults: GOOGLE_VISION_LIMITS.defaultCount }],
        },
      ],
    });
  });

  it('returns pages with their matching picture, then copies found without a page', async () => {
    vision.answer({ body: readFixture('google-vision-web-detection.json') });
    expect(await source().search({ url: imageUrl })).toEqual({
      queriesUsed: 1,
      hasMore: false,
      results: [
        {
          url: 'https://imageboard.example/b/thread/98231',
          title: 'janedoe beach set photo 3 & more',
          mediaUrl: 'https://cdn.imageboard.example/src/1730456433.jpg',
          source: 'google-vision',
        },
        {
          url: 'https://forum.example/threads/janedoe.4411/',
          title: 'janedoe (@janedoe) - Forum thread',
          mediaUrl: 'https://cdn.forum.example/attachments/88213-crop.jpg',
          source: 'google-vision',
        },
        {
          url: 'https://mirror.example/janedoe/beach-03.jpg',
          mediaUrl: 'https://mirror.example/janedoe/beach-03.jpg',
          source: 'google-vision',
        },
      ],
    });
  });

  it('answers an image the web does not know with no results, and has no second page', async () => {
    vision.answer({ body: { responses: [{}] } });
    expect(await source().search({ url: imageUrl })).toEqual({
      results: [],
      queriesUsed: 1,
      hasMore: false,
    });
    expect(await source().search({ url: imageUrl }, { page: 1 })).toEqual({
      results: [],
      queriesUsed: 0,
      hasMore: false,
    });
    expect(vision.requests).toHaveLength(1);
  });

  it('is off without a key, says why, and sends nothing', async () => {
    const keyless = source(null);
    expect(keyless.isEnabled()).toBe(false);
    expect(keyless.status().reason).toMatch(/Google Cloud Vision .* is off: no API key/);
    expect((await caught(keyless.search({ url: imageUrl }))).code).toBe('disabled');
    expect(vision.requests).toHaveLength(0);
  });

  it('refuses bytes over its upload limit without a URL, before sending', async () => {
    const big = Buffer.alloc(GOOGLE_VISION_LIMITS.maxUploadBytes + 1);
    expect(source().accepts({ bytes: big })).toBe(false);
    expect(source().accepts({ bytes: big, url: imageUrl })).toBe(true);
    const error = await caught(source().search({ bytes: big }));
    expect(error.code).toBe('invalid-input');
    expect(vision.requests).toHaveLength(0);
  });

  it('maps Google’s 400 API_KEY_INVALID and 403 to unauthorized, without leaking the key', async () => {
    vision.answer({ status: 400, body: readFixture('google-vision-error-api-key.json') });
    const invalid = await caught(source().search({ url: imageUrl }));
    expect(invalid.code).toBe('unauthorized');
    expect(invalid.status).toBe(400);
    expect(invalid.message).toContain('API key not valid');
    expect(invalid.message).not.toContain(KEY);
    vision.answer({
      status: 403,
      body: {
        error: {
          code: 403,
          message: 'Cloud Vision API has not been used in project 123 before or it is disabled.',
          status: 'PERMISSION_DENIED',
        },
      },
    });
    expect((await caught(source().search({ url: imageUrl }))).code).toBe('unauthorized');
  });

  it('maps 429 to rate-limited with Retry-After, 5xx to unavailable', async () => {
    vision.answer({
      status: 429,
      headers: { 'retry-after': '60' },
      body: { error: { code: 429, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' } },
    });
    const limited = await caught(source().search({ url: imageUrl }));
    expect(limited.code).toBe('rate-limited');
    expect(limited.retryAfterMs).toBe(60_000);
    vision.answer({
      status: 503,
      body: {
        error: {
          code: 503,
          message: 'The service is currently unavailable.',
          status: 'UNAVAILABLE',
        },
      },
    });
    expect((await caught(source().search({ url: imageUrl }))).code).toBe('unavailable');
  });

  it('turns the per-image error inside a 200 into a typed error by its gRPC code', async () => {
    vision.answer({ body: readFixture('google-vision-image-error.json') });
    const bad = await caught(source().search({ bytes: png }));
    expect(bad.code).toBe('bad-request');
    expect(bad.status).toBe(200);
    expect(bad.message).toContain('Bad image data.');
    vision.answer({
      body: {
        responses: [
          {
            error: {
              code: 14,
              message:
                'We can not access the URL currently. Please download the content and pass it in.',
            },
          },
        ],
      },
    });
    const unreachable = await caught(source().search({ url: imageUrl }));
    expect(unreachable.code).toBe('unavailable');
    expect(unreachable.isRetryable).toBe(true);
  });

  it('calls a body that is not the documented JSON a bad response', async () => {
    vision.answer({ body: 'not json' });
    expect((await caught(source().search({ url: imageUrl }))).code).toBe('bad-response');
    vision.answer({ body: { responses: [] } });
    expect((await caught(source().search({ url: imageUrl }))).code).toBe('bad-response');
  });
});
