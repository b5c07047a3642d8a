// The Yandex search-by-image adapter against a local stand-in that checks the request and answers
// with the JSON Yandex Cloud documents. Fixture shapes: the REST reference of
// ImageSearch.SearchByImage (images[] with url, format, width/height as int64 strings, passage,
// host, pageTitle, pageUrl; page, maxPage, id) and the Yandex Cloud API error model
// (google.rpc.Status: code, message, details with a RequestInfo).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  jsonBody,
  readFixture,
  startFakeProvider,
  type FakeProviderServer,
} from './fake-provider-server.ts';
import { DiscoverySourceError } from './source.ts';
import { createYandexImageSource, YANDEX_LIMITS } from './yandex.ts';

const KEY = 'AQVN-test-key-0123456789';
const FOLDER = 'b1g2f3e4d5c6b7a8';
let yandex: FakeProviderServer;

beforeAll(async () => {
  yandex = await startFakeProvider();
});
afterAll(async () => {
  await yandex.close();
});
beforeEach(() => {
  yandex.requests.length = 0;
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
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

function source(config: { apiKey?: string | null; folderId?: string | null } = {}) {
  return createYandexImageSource({
    endpoint: yandex.endpoint,
    apiKey: KEY,
    folderId: FOLDER,
    ...config,
  });
}

describe('Yandex search by image', () => {
  it('POSTs the documented body with the API key header, by URL', async () => {
    yandex.answer({ body: readFixture('yandex-search-by-image.json') });
    await source().search({ url: ` ${imageUrl} ` });
    const [request] = yandex.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v2/image/search_by_image');
    expect(request?.headers.authorization).toBe(`Api-Key ${KEY}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(jsonBody(request)).toEqual({
      folderId: FOLDER,
      url: imageUrl,
      page: '0',
      familyMode: 'FAMILY_MODE_NONE',
    });
  });

  it('sends bytes base64-encoded in data, and prefers them to a URL', async () => {
    yandex.answer({ body: readFixture('yandex-search-by-image.json') });
    await source().search({ url: imageUrl, bytes: jpeg, mimeType: 'image/jpeg' });
    const body = jsonBody(yandex.requests[0]) as Record<string, unknown>;
    expect(body.data).toBe(jpeg.toString('base64'));
    expect(body).not.toHaveProperty('url');
  });

  it('parses images[] into pages with the picture, dropping unusable URLs', async () => {
    yandex.answer({ body: readFixture('yandex-search-by-image.json') });
    const response = await source().search({ url: imageUrl });
    expect(response).toEqual({
      queriesUsed: 1,
      hasMore: true,
      results: [
        {
          url: 'https://imageboard.example/b/thread/98231',
          title: 'janedoe beach set photo 3',
          mediaUrl: 'https://cdn.imageboard.example/src/1730456433.jpg',
          source: 'yandex-images',
        },
        {
          url: 'https://tgindex.example/c/janedoe_leaks/412',
          mediaUrl: 'https://files.tgindex.example/preview/janedoe_012.jpg',
          source: 'yandex-images',
        },
        {
          // No page: the picture itself is the result.
          url: 'https://cdn.forum.example/attachments/88213.webp',
          mediaUrl: 'https://cdn.forum.example/attachments/88213.webp',
          source: 'yandex-images',
        },
        {
          // An ftp page is no use; its picture still is.
          url: 'https://cdn.example/x.png',
          title: 'no usable page',
          mediaUrl: 'https://cdn.example/x.png',
          source: 'yandex-images',
        },
      ],
    });
  });

  it('pages with page and stops at maxPage', async () => {
    yandex.answer({
      body: { ...(readFixture('yandex-search-by-image.json') as object), page: '2' },
    });
    const last = await source().search({ url: imageUrl }, { page: 2 });
    expect((jsonBody(yandex.requests[0]) as { page: string }).page).toBe('2');
    expect(last.hasMore).toBe(false);
    // proto3 JSON leaves out empty lists and zero numbers.
    yandex.answer({ body: {} });
    expect(await source().search({ url: imageUrl })).toEqual({
      results: [],
      queriesUsed: 1,
      hasMore: false,
    });
  });

  it('keeps the first `count` results', async () => {
    yandex.answer({ body: readFixture('yandex-search-by-image.json') });
    expect((await source().search({ url: imageUrl }, { count: 2 })).results).toHaveLength(2);
  });

  it('is off without a key or a folder, says why, and sends nothing', async () => {
    const keyless = source({ apiKey: null });
    expect(keyless.isEnabled()).toBe(false);
    expect(keyless.status().reason).toMatch(/Yandex Images .* is off: no API key/);
    expect((await caught(keyless.search({ url: imageUrl }))).code).toBe('disabled');
    const folderless = source({ folderId: '  ' });
    expect(folderless.isEnabled()).toBe(false);
    expect(folderless.status().reason).toMatch(/no Yandex Cloud folder ID/);
    expect((await caught(folderless.search({ url: imageUrl }))).code).toBe('disabled');
    expect(yandex.requests).toHaveLength(0);
  });

  it('accepts bytes up to its upload limit or a URL, and refuses the rest before sending', async () => {
    const yandexImages = source();
    const tooLarge = Buffer.alloc(YANDEX_LIMITS.maxUploadBytes + 1);
    expect(yandexImages.accepts({ bytes: jpeg })).toBe(true);
    expect(yandexImages.accepts({ bytes: tooLarge })).toBe(false);
    expect(yandexImages.accepts({ bytes: tooLarge, url: imageUrl })).toBe(true);
    expect(yandexImages.accepts({ url: 'file:///etc/passwd' })).toBe(false);
    const error = await caught(yandexImages.search({ bytes: tooLarge }));
    expect(error.code).toBe('invalid-input');
    expect(error.message).toMatch(/at most 2\.3 MB.*public http\(s\) URL instead/);
    expect((await caught(yandexImages.search({}))).code).toBe('invalid-input');
    expect(yandex.requests).toHaveLength(0);
  });

  it('maps 401 with the google.rpc.Status body to unauthorized, without leaking the key', async () => {
    yandex.answer({ status: 401, body: readFixture('yandex-error-401.json') });
    const error = await caught(source().search({ url: imageUrl }));
    expect(error.code).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(error.message).toContain('Unknown api key');
    expect(error.message).not.toContain(KEY);
    yandex.answer({
      status: 403,
      body: { code: 7, message: 'Permission denied', details: [] },
    });
    expect((await caught(source().search({ url: imageUrl }))).code).toBe('unauthorized');
  });

  it('maps 429 to rate-limited with Retry-After, 5xx to unavailable, 400 to bad-request', async () => {
    yandex.answer({
      status: 429,
      headers: { 'retry-after': '12' },
      body: { code: 8, message: 'Quota limit searchapi.imageSearchByImage.rate exceeded' },
    });
    const limited = await caught(source().search({ url: imageUrl }));
    expect(limited.code).toBe('rate-limited');
    expect(limited.retryAfterMs).toBe(12_000);
    expect(limited.message).toContain('Quota limit');
    yandex.answer({ status: 503, body: { code: 14, message: 'Service unavailable' } });
    const failed = await caught(source().search({ url: imageUrl }));
    expect(failed.code).toBe('unavailable');
    expect(failed.isRetryable).toBe(true);
    yandex.answer({ status: 400, body: { code: 3, message: 'Image is not valid' } });
    expect((await caught(source().search({ url: imageUrl }))).code).toBe('bad-request');
  });

  it('calls a body that is not the documented JSON a bad response', async () => {
    yandex.answer({ body: '<html>gateway</html>' });
    expect((await caught(source().search({ url: imageUrl }))).code).toBe('bad-response');
    yandex.answer({ body: { images: [{ pageUrl: 42 }] } });
    const error = await caught(source().search({ url: imageUrl }));
    expect(error.code).toBe('bad-response');
    expect(error.message).toContain('images.0.pageUrl');
  });
});
