// The SerpApi adapters (Google and Google Lens) against a local stand-in that checks the request and
// answers with the JSON SerpApi documents, errors included.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFixture, startFakeProvider, type FakeProviderServer } from './fake-provider-server.ts';
import { createSerpApiGoogleSource, createSerpApiLensSource } from './serpapi.ts';
import { DiscoverySourceError } from './source.ts';

const KEY = 'serp-test-key-0123456789abcdef';
let serp: FakeProviderServer;

beforeAll(async () => {
  serp = await startFakeProvider();
});
afterAll(async () => {
  await serp.close();
});
beforeEach(() => {
  serp.requests.length = 0;
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

describe('SerpApi Google search', () => {
  it('sends the documented request: /search.json with engine=google, q and api_key', async () => {
    serp.answer({ body: readFixture('serpapi-google.json') });
    const source = createSerpApiGoogleSource({
      endpoint: serp.endpoint,
      apiKey: KEY,
      language: 'en',
      country: 'us',
    });
    await source.search(' janedoe leaked ');
    const [request] = serp.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/search.json');
    expect(request?.query.get('engine')).toBe('google');
    expect(request?.query.get('q')).toBe('janedoe leaked');
    expect(request?.query.get('api_key')).toBe(KEY);
    expect(request?.query.get('num')).toBe('10');
    expect(request?.query.has('start')).toBe(false);
    expect(request?.query.get('safe')).toBe('off');
    expect(request?.query.get('hl')).toBe('en');
    expect(request?.query.get('gl')).toBe('us');
    expect(request?.headers.accept).toBe('application/json');
  });

  it('parses organic_results into pages', async () => {
    serp.answer({ body: readFixture('serpapi-google.json') });
    const response = await createSerpApiGoogleSource({
      endpoint: serp.endpoint,
      apiKey: KEY,
    }).search('janedoe leaked');
    expect(response).toEqual({
      queriesUsed: 1,
      hasMore: true,
      results: [
        {
          url: 'https://tgindex.example/c/janedoe_leaks',
          title: 'janedoe leaked - Telegram index',
          source: 'serpapi-google',
        },
        {
          url: 'https://filehost.example/f/8sk2Jq',
          title: 'Jane Doe set 12 | FileHost',
          thumbnailUrl: 'https://serpapi.com/searches/6740a1b2/images/thumb-2.jpeg',
          source: 'serpapi-google',
        },
      ],
    });
  });

  it('pages with start = page × count', async () => {
    serp.answer({ body: readFixture('serpapi-google.json') });
    const source = createSerpApiGoogleSource({ endpoint: serp.endpoint, apiKey: KEY });
    await source.search('janedoe', { page: 3, count: 20 });
    expect(serp.requests[0]?.query.get('start')).toBe('60');
    expect(serp.requests[0]?.query.get('num')).toBe('20');
  });

  it('has more only while SerpApi gives a next page, and names the bot in its User-Agent', async () => {
    const body = readFixture('serpapi-google.json') as Record<string, unknown>;
    serp.answer({ body: { ...body, serpapi_pagination: { current: 3 } } });
    const source = createSerpApiGoogleSource({ endpoint: serp.endpoint, apiKey: KEY });
    const last = await source.search('janedoe', { page: 2 });
    expect(last.results.length).toBeGreaterThan(0);
    expect(last.hasMore).toBe(false);
    expect(serp.requests[0]?.query.get('start')).toBe('20');
    expect(serp.requests[0]?.headers['user-agent']).toMatch(/^SharkBot\//);
  });

  it('reads "Google hasn\'t returned any results" as an empty answer, not a failure', async () => {
    serp.answer({ body: readFixture('serpapi-no-results.json') });
    const response = await createSerpApiGoogleSource({
      endpoint: serp.endpoint,
      apiKey: KEY,
    }).search('zzqx janedoe nothing');
    expect(response).toEqual({ results: [], queriesUsed: 1, hasMore: false });
  });

  it('turns any other error field into a typed error, even with HTTP 200', async () => {
    serp.answer({ body: { error: 'Unsupported `xx` location - location parameter.' } });
    const source = createSerpApiGoogleSource({ endpoint: serp.endpoint, apiKey: KEY });
    const error = await caught(source.search('janedoe'));
    expect(error.code).toBe('bad-request');
    expect(error.message).toContain('Unsupported `xx` location');
    serp.answer({ body: { error: 'Your account has run out of searches.' } });
    expect((await caught(source.search('janedoe'))).code).toBe('rate-limited');
  });

  it('maps 401 with SerpApi’s invalid-key error to unauthorized, without leaking the key', async () => {
    serp.answer({
      status: 401,
      body: {
        error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key',
      },
    });
    const error = await caught(
      createSerpApiGoogleSource({ endpoint: serp.endpoint, apiKey: KEY }).search('janedoe'),
    );
    expect(error.code).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(error.message).toContain('Invalid API key');
    expect(error.message).not.toContain(KEY);
  });

  it('maps 429 to rate-limited with Retry-After, and 5xx to unavailable', async () => {
    const source = createSerpApiGoogleSource({ endpoint: serp.endpoint, apiKey: KEY });
    serp.answer({
      status: 429,
      headers: { 'retry-after': '30' },
      body: {
        error:
          'Your searches for the month are exhausted. You can upgrade plans on SerpApi.com website.',
      },
    });
    const limited = await caught(source.search('janedoe'));
    expect(limited.code).toBe('rate-limited');
    expect(limited.retryAfterMs).toBe(30_000);
    serp.answer({ status: 500, body: { error: 'Internal error. Please try again later.' } });
    const failed = await caught(source.search('janedoe'));
    expect(failed.code).toBe('unavailable');
    expect(failed.isRetryable).toBe(true);
  });

  it('is off without a key, says why, and sends nothing', async () => {
    const source = createSerpApiGoogleSource({ endpoint: serp.endpoint });
    expect(source.isEnabled()).toBe(false);
    expect(source.status().reason).toMatch(/SerpApi \(Google\) is off: no API key/);
    expect((await caught(source.search('janedoe'))).code).toBe('disabled');
    expect(serp.requests).toHaveLength(0);
  });
});

describe('SerpApi Google Lens', () => {
  const imageUrl = 'https://cdn.shark.example/ref/a1.jpg?sig=abc&w=800';
  const image = { url: imageUrl };

  it('sends engine=google_lens with the image URL and parses visual_matches', async () => {
    serp.answer({ body: readFixture('serpapi-google-lens.json') });
    const source = createSerpApiLensSource({ endpoint: serp.endpoint, apiKey: KEY });
    expect(source.kind).toBe('image');
    const response = await source.search(image);
    const [request] = serp.requests;
    expect(request?.path).toBe('/search.json');
    expect(request?.query.get('engine')).toBe('google_lens');
    expect(request?.query.get('url')).toBe(imageUrl);
    expect(request?.query.get('api_key')).toBe(KEY);
    expect(response).toEqual({
      queriesUsed: 1,
      hasMore: false,
      results: [
        {
          url: 'https://imageboard.example/b/thread/98231',
          title: 'janedoe beach set photo 3',
          mediaUrl: 'https://cdn.imageboard.example/src/1730456433.jpg',
          thumbnailUrl: 'https://encrypted-tbn2.gstatic.com/images?q=tbn:ANd9GcR1',
          source: 'serpapi-lens',
        },
        {
          url: 'https://janedoe.example/gallery/summer',
          title: 'Summer photos - Jane Doe',
          thumbnailUrl: 'https://encrypted-tbn0.gstatic.com/images?q=tbn:ANd9GcR2',
          source: 'serpapi-lens',
        },
      ],
    });
  });

  it('keeps the first `count` matches and has no second page', async () => {
    serp.answer({ body: readFixture('serpapi-google-lens.json') });
    const source = createSerpApiLensSource({ endpoint: serp.endpoint, apiKey: KEY });
    expect((await source.search(image, { count: 1 })).results).toHaveLength(1);
    expect(await source.search(image, { page: 1 })).toEqual({
      results: [],
      queriesUsed: 0,
      hasMore: false,
    });
    expect(serp.requests).toHaveLength(1);
  });

  it('refuses an input that is not an http(s) image URL before sending', async () => {
    const source = createSerpApiLensSource({ endpoint: serp.endpoint, apiKey: KEY });
    expect((await caught(source.search({ url: 'janedoe' }))).code).toBe('invalid-input');
    expect((await caught(source.search({ url: 'file:///etc/passwd' }))).code).toBe('invalid-input');
    expect(serp.requests).toHaveLength(0);
  });

  it('searches by URL only: says so for bytes, and prefers nothing else when both are given', async () => {
    serp.answer({ body: readFixture('serpapi-google-lens.json') });
    const source = createSerpApiLensSource({ endpoint: serp.endpoint, apiKey: KEY });
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    expect(source.accepts({ bytes, mimeType: 'image/jpeg' })).toBe(false);
    expect(source.accepts({ url: imageUrl })).toBe(true);
    const error = await caught(source.search({ bytes, mimeType: 'image/jpeg' }));
    expect(error.code).toBe('invalid-input');
    expect(error.message).toMatch(/URL only.*not its bytes/);
    expect(serp.requests).toHaveLength(0);
    await source.search({ url: imageUrl, bytes });
    expect(serp.requests[0]?.query.get('url')).toBe(imageUrl);
  });

  it('maps the error field and HTTP failures like Google search', async () => {
    const source = createSerpApiLensSource({ endpoint: serp.endpoint, apiKey: KEY });
    serp.answer({ body: { error: "Google Lens hasn't returned any results for this query." } });
    expect((await source.search(image)).results).toEqual([]);
    serp.answer({
      status: 400,
      body: {
        error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key',
      },
    });
    expect((await caught(source.search(image))).code).toBe('unauthorized');
    serp.answer({ status: 400, body: { error: 'Missing query `url` parameter.' } });
    expect((await caught(source.search(image))).code).toBe('bad-request');
    serp.answer({ status: 502, body: '<html>Bad Gateway</html>' });
    expect((await caught(source.search(image))).code).toBe('unavailable');
  });
});
