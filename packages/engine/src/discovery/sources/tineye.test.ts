// The TinEye adapter against a local stand-in that checks the request (GET by URL, multipart upload
// by bytes) and answers with TinEye's JSON. Fixture shapes: the search response as TinEye's own
// Python client reads it (github.com/TinEye/pytineye: stats, code, messages, status, results.matches[]
// with image_url, domain, score, width, height, format, filesize, overlay, tags, backlinks[] of
// url/backlink/crawl_date) and the error envelope with the messages of TinEye's error list
// (help.tineye.com/article/293-tineye-api-error-messages).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  formBody,
  readFixture,
  startFakeProvider,
  type FakeProviderServer,
} from './fake-provider-server.ts';
import { DiscoverySourceError } from './source.ts';
import { createTinEyeSource, TINEYE_LIMITS } from './tineye.ts';

const KEY = '6mm60lsCNIB,FwOWjJqA80QZHh9BMwc-ber4u=t^';
let tineye: FakeProviderServer;

beforeAll(async () => {
  tineye = await startFakeProvider();
});
afterAll(async () => {
  await tineye.close();
});
beforeEach(() => {
  tineye.requests.length = 0;
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

const imageUrl = 'https://cdn.shark.example/ref/a1.jpg?sig=abc';
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const source = (apiKey: string | null = KEY) =>
  createTinEyeSource({ endpoint: tineye.endpoint, apiKey });

describe('TinEye search', () => {
  it('GETs /search/ with image_url and paging parameters, the key in x-api-key', async () => {
    tineye.answer({ body: readFixture('tineye-search.json') });
    await source().search({ url: imageUrl }, { count: 20 });
    const [request] = tineye.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/search/');
    expect(request?.headers['x-api-key']).toBe(KEY);
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      image_url: imageUrl,
      offset: '0',
      limit: '20',
      sort: 'score',
      order: 'desc',
    });
  });

  it('uploads bytes as multipart image_upload with the same parameters as fields', async () => {
    tineye.answer({ body: readFixture('tineye-search.json') });
    await source().search(
      { bytes: jpeg, mimeType: 'image/jpeg', url: imageUrl },
      { page: 1, count: 10 },
    );
    const [request] = tineye.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/search/');
    expect(request?.query.size).toBe(0);
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formBody(request);
    const upload = form.get('image_upload');
    expect(upload).toBeInstanceOf(File);
    expect((upload as File).name).toBe('image.jpg');
    expect((upload as File).type).toBe('image/jpeg');
    expect(Buffer.from(await (upload as File).arrayBuffer())).toEqual(jpeg);
    expect([form.get('offset'), form.get('limit'), form.get('sort'), form.get('order')]).toEqual([
      '10',
      '10',
      'score',
      'desc',
    ]);
    expect(form.has('image_url')).toBe(false);
  });

  it('turns each backlink into a page with its picture, once, with TinEye’s copy as thumbnail', async () => {
    tineye.answer({ body: readFixture('tineye-search.json') });
    const response = await source().search({ url: imageUrl });
    expect(response).toEqual({
      queriesUsed: 1,
      // 2 matches of 5 in total.
      hasMore: true,
      results: [
        {
          url: 'https://imageboard.example/b/thread/98231',
          mediaUrl: 'https://cdn.imageboard.example/src/1730456433.jpg',
          thumbnailUrl:
            'https://img.tineye.com/result/7c2a1d9e4b0f3a6c8e5d2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0',
          source: 'tineye',
        },
        {
          url: 'https://imageboard.example/b/thread/98231',
          mediaUrl: 'https://cdn.imageboard.example/thumb/1730456433s.jpg',
          thumbnailUrl:
            'https://img.tineye.com/result/7c2a1d9e4b0f3a6c8e5d2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0',
          source: 'tineye',
        },
        {
          url: 'https://filehost.example/f/8sk2Jq',
          mediaUrl: 'https://filehost.example/i/8sk2Jq.jpg',
          thumbnailUrl:
            'https://img.tineye.com/result/0f1e84b7b7538e8e7de048f4d45eb8f579e3e999941b3341ed9a754eb447ebb1',
          source: 'tineye',
        },
      ],
    });
  });

  it('pages with offset = page × limit and knows the last page from the totals', async () => {
    tineye.answer({ body: readFixture('tineye-search.json') });
    // Matches 4 and 5 of 5: nothing after.
    const last = await source().search({ url: imageUrl }, { page: 1, count: 3 });
    expect(tineye.requests[0]?.query.get('offset')).toBe('3');
    expect(tineye.requests[0]?.query.get('limit')).toBe('3');
    expect(last.hasMore).toBe(false);
    await source().search({ url: imageUrl }, { count: 5000 });
    expect(tineye.requests[1]?.query.get('limit')).toBe(String(TINEYE_LIMITS.maxCount));
    tineye.answer({
      body: {
        code: 200,
        status: 'ok',
        messages: [],
        stats: { total_results: 0 },
        results: { matches: [] },
      },
    });
    expect(await source().search({ url: imageUrl })).toEqual({
      results: [],
      queriesUsed: 1,
      hasMore: false,
    });
  });

  it('is off without a key, says why, and sends nothing', async () => {
    const keyless = source(null);
    expect(keyless.isEnabled()).toBe(false);
    expect(keyless.status()).toEqual({
      enabled: false,
      reason: 'TinEye is off: no API key is configured.',
    });
    expect((await caught(keyless.search({ url: imageUrl }))).code).toBe('disabled');
    expect(tineye.requests).toHaveLength(0);
  });

  it('refuses input it cannot search before sending', async () => {
    const tinEye = source();
    expect(tinEye.accepts({ bytes: jpeg })).toBe(true);
    expect(tinEye.accepts({ bytes: Buffer.alloc(0) })).toBe(false);
    expect(tinEye.accepts({ url: 'data:image/png;base64,AAAA' })).toBe(false);
    expect((await caught(tinEye.search({ url: 'data:image/png;base64,AAAA' }))).code).toBe(
      'invalid-input',
    );
    expect(tineye.requests).toHaveLength(0);
  });

  it('maps 401 to unauthorized with TinEye’s message, and 402 (no searches left) to rate-limited', async () => {
    tineye.answer({ status: 401, body: readFixture('tineye-error-401.json') });
    const refused = await caught(source().search({ url: imageUrl }));
    expect(refused.code).toBe('unauthorized');
    expect(refused.status).toBe(401);
    expect(refused.message).toContain('Please provide a valid API key.');
    expect(refused.message).not.toContain(KEY);
    tineye.answer({ status: 402, body: readFixture('tineye-error-402.json') });
    const spent = await caught(source().search({ url: imageUrl }));
    expect(spent.code).toBe('rate-limited');
    expect(spent.message).toContain('no more searches available');
  });

  it('believes the JSON code when the HTTP status says 200', async () => {
    tineye.answer({ body: readFixture('tineye-error-401.json') });
    expect((await caught(source().search({ url: imageUrl }))).code).toBe('unauthorized');
    tineye.answer({
      body: { code: 400, status: 'fail', messages: ['Invalid or missing URL.'], results: {} },
    });
    const error = await caught(source().search({ url: imageUrl }));
    expect(error.code).toBe('bad-request');
    expect(error.message).toContain('Invalid or missing URL.');
  });

  it('maps 429 to rate-limited with Retry-After and 5xx to unavailable', async () => {
    tineye.answer({
      status: 429,
      headers: { 'retry-after': '3' },
      body: { code: 429, status: 'fail', messages: ['Too many requests.'], results: {} },
    });
    const limited = await caught(source().search({ url: imageUrl }));
    expect(limited.code).toBe('rate-limited');
    expect(limited.retryAfterMs).toBe(3_000);
    tineye.answer({ status: 500, body: '<html>Internal Server Error</html>' });
    expect((await caught(source().search({ url: imageUrl }))).code).toBe('unavailable');
  });

  it('calls a body that is not the documented JSON a bad response', async () => {
    tineye.answer({ body: '{"code": 200, "results": ' });
    expect((await caught(source().search({ url: imageUrl }))).code).toBe('bad-response');
    tineye.answer({
      body: { code: 200, status: 'ok', results: { matches: [{ backlinks: 'none' }] } },
    });
    expect((await caught(source().search({ url: imageUrl }))).code).toBe('bad-response');
  });
});
