// The Brave Search adapters against a local stand-in that checks the request and answers with the
// JSON Brave documents.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBraveImageSource, createBraveWebSource } from './brave.ts';
import { readFixture, startFakeProvider, type FakeProviderServer } from './fake-provider-server.ts';
import { DiscoverySourceError } from './source.ts';

const KEY = 'BSA-test-key-123';
let brave: FakeProviderServer;

beforeAll(async () => {
  brave = await startFakeProvider();
});
afterAll(async () => {
  await brave.close();
});
beforeEach(() => {
  brave.requests.length = 0;
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

describe('Brave web search', () => {
  it('sends the documented request: path, query parameters and headers', async () => {
    brave.answer({ body: readFixture('brave-web-search.json') });
    const source = createBraveWebSource({ endpoint: brave.endpoint, apiKey: KEY });
    await source.search('  janedoe leaked ', { count: 15 });
    expect(brave.requests).toHaveLength(1);
    const [request] = brave.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/res/v1/web/search');
    expect(request?.query.get('q')).toBe('janedoe leaked');
    expect(request?.query.get('count')).toBe('15');
    expect(request?.query.get('offset')).toBe('0');
    expect(request?.query.get('safesearch')).toBe('off');
    expect(request?.headers['x-subscription-token']).toBe(KEY);
    expect(request?.headers.accept).toBe('application/json');
  });

  it('asks for 20 results (the most Brave gives) unless told, and says so with its User-Agent', async () => {
    brave.answer({ body: readFixture('brave-web-search.json') });
    await createBraveWebSource({ endpoint: brave.endpoint, apiKey: KEY }).search('janedoe');
    expect(brave.requests[0]?.query.get('count')).toBe('20');
    expect(brave.requests[0]?.headers['user-agent']).toMatch(/^SharkBot\/[\d.]+ \(.*\+https?:\/\//);
  });

  it('has more only when Brave says more results are available', async () => {
    const body = readFixture('brave-web-search.json') as { query: Record<string, unknown> };
    brave.answer({ body: { ...body, query: { ...body.query, more_results_available: false } } });
    const source = createBraveWebSource({ endpoint: brave.endpoint, apiKey: KEY });
    const response = await source.search('janedoe');
    expect(response.results.length).toBeGreaterThan(0);
    expect(response.hasMore).toBe(false);
  });

  it('parses web.results into pages with titles and thumbnails, ignoring extra fields', async () => {
    brave.answer({ body: readFixture('brave-web-search.json') });
    const source = createBraveWebSource({ endpoint: brave.endpoint, apiKey: KEY });
    const response = await source.search('janedoe leaked');
    expect(response.queriesUsed).toBe(1);
    expect(response.hasMore).toBe(true);
    expect(response.results).toEqual([
      {
        url: 'https://tubeleaks.example/videos/janedoe-set-12',
        title: 'Jane Doe leaked set 12 - TubeLeaks',
        thumbnailUrl: 'https://imgs.search.brave.com/thumb-janedoe-set-12.jpg',
        source: 'brave-web',
      },
      {
        url: 'https://forum.example/threads/janedoe.4411/',
        title: 'janedoe (@janedoe) - Forum thread',
        source: 'brave-web',
      },
      { url: 'https://janedoe.example/', title: 'Jane Doe official', source: 'brave-web' },
    ]);
  });

  it('pages with offset (a page number), clamps count to 20 and stops after page 9', async () => {
    brave.answer({ body: readFixture('brave-web-search.json') });
    const source = createBraveWebSource({ endpoint: brave.endpoint, apiKey: KEY });
    const third = await source.search('janedoe', { page: 2, count: 50 });
    expect(brave.requests[0]?.query.get('offset')).toBe('2');
    expect(brave.requests[0]?.query.get('count')).toBe('20');
    expect(third.hasMore).toBe(true);
    const last = await source.search('janedoe', { page: 9 });
    expect(brave.requests[1]?.query.get('offset')).toBe('9');
    expect(last.hasMore).toBe(false);
    const beyond = await source.search('janedoe', { page: 10 });
    expect(beyond).toEqual({ results: [], queriesUsed: 0, hasMore: false });
    expect(brave.requests).toHaveLength(2);
  });

  it('reads an answer without a web section as no results', async () => {
    brave.answer({
      body: { type: 'search', query: { original: 'zzqx', more_results_available: false } },
    });
    const source = createBraveWebSource({ endpoint: brave.endpoint, apiKey: KEY });
    expect(await source.search('zzqx')).toEqual({ results: [], queriesUsed: 1, hasMore: false });
  });

  it('works under an endpoint with a path prefix', async () => {
    brave.answer({ body: readFixture('brave-web-search.json') });
    const source = createBraveWebSource({ endpoint: `${brave.endpoint}/brave/`, apiKey: KEY });
    await source.search('janedoe');
    expect(brave.requests[0]?.path).toBe('/brave/res/v1/web/search');
  });

  it('is off without a key, says why, and sends nothing', async () => {
    const source = createBraveWebSource({ endpoint: brave.endpoint, apiKey: '  ' });
    expect(source.isEnabled()).toBe(false);
    expect(source.status()).toEqual({
      enabled: false,
      reason: expect.stringContaining('no API key'),
    });
    const error = await caught(source.search('janedoe'));
    expect(error.code).toBe('disabled');
    expect(brave.requests).toHaveLength(0);
    const on = createBraveWebSource({ apiKey: KEY });
    expect(on.isEnabled()).toBe(true);
    expect(on.status()).toEqual({ enabled: true, reason: null });
  });

  it('maps 401 to unauthorized with Brave’s own words', async () => {
    brave.answer({ status: 401, body: readFixture('brave-error-401.json') });
    const source = createBraveWebSource({ endpoint: brave.endpoint, apiKey: 'wrong' });
    const error = await caught(source.search('janedoe'));
    expect(error.code).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('The provided subscription token is invalid.');
    expect(error.message).not.toContain('wrong');
  });

  it('maps 403 to unauthorized', async () => {
    brave.answer({
      status: 403,
      body: {
        type: 'ErrorResponse',
        error: { status: 403, code: 'OPTION_NOT_IN_PLAN', detail: 'Not in plan' },
      },
    });
    const error = await caught(
      createBraveWebSource({ endpoint: brave.endpoint, apiKey: KEY }).search('janedoe'),
    );
    expect(error.code).toBe('unauthorized');
  });

  it('maps 429 to rate-limited with the wait from Retry-After', async () => {
    brave.answer({
      status: 429,
      headers: { 'retry-after': '7' },
      body: readFixture('brave-error-429.json'),
    });
    const error = await caught(
      createBraveWebSource({ endpoint: brave.endpoint, apiKey: KEY }).search('janedoe'),
    );
    expect(error.code).toBe('rate-limited');
    expect(error.retryAfterMs).toBe(7000);
    expect(error.isRetryable).toBe(true);
    expect(error.message).toContain('RATE_LIMITED');
  });

  it('without Retry-After, takes the wait from the exhausted X-RateLimit window', async () => {
    brave.answer({
      status: 429,
      headers: {
        'x-ratelimit-limit': '1, 2000',
        'x-ratelimit-remaining': '0, 1963',
        'x-ratelimit-reset': '1, 1419704',
      },
      body: readFixture('brave-error-429.json'),
    });
    const error = await caught(
      createBraveWebSource({ endpoint: brave.endpoint, apiKey: KEY }).search('janedoe'),
    );
    expect(error.retryAfterMs).toBe(1000);
  });

  it('maps 5xx to unavailable and a non-JSON 200 to bad-response', async () => {
    brave.answer({ status: 503, body: '<html>Service Unavailable</html>' });
    const source = createBraveWebSource({ endpoint: brave.endpoint, apiKey: KEY });
    const unavailable = await caught(source.search('janedoe'));
    expect(unavailable.code).toBe('unavailable');
    expect(unavailable.status).toBe(503);
    brave.answer({ body: '<html>captive portal</html>' });
    expect((await caught(source.search('janedoe'))).code).toBe('bad-response');
    brave.answer({ body: { web: { results: [{ title: 'no url' }] } } });
    expect((await caught(source.search('janedoe'))).code).toBe('bad-response');
  });

  it('maps 422 to bad-request and refuses an empty query before sending', async () => {
    brave.answer({
      status: 422,
      body: {
        type: 'ErrorResponse',
        error: {
          status: 422,
          code: 'VALIDATION',
          detail: 'Unable to validate request parameter(s)',
        },
      },
    });
    const source = createBraveWebSource({ endpoint: brave.endpoint, apiKey: KEY });
    expect((await caught(source.search('janedoe'))).code).toBe('bad-request');
    expect((await caught(source.search('   '))).code).toBe('invalid-input');
    expect(brave.requests).toHaveLength(1);
  });

  it('reports a server that does not answer as a network error', async () => {
    const gone = await startFakeProvider();
    await gone.close();
    const error = await caught(
      createBraveWebSource({ endpoint: gone.endpoint, apiKey: KEY }).search('janedoe'),
    );
    expect(error.code).toBe('network');
    expect(error.isRetryable).toBe(true);
  });

  it('sends through the injected fetch', async () => {
    brave.answer({ body: readFixture('brave-web-search.json') });
    const seen: string[] = [];
    const source = createBraveWebSource({
      endpoint: brave.endpoint,
      apiKey: KEY,
      fetch: (url, init) => {
        seen.push(url);
        return fetch(url, init);
      },
    });
    await source.search('janedoe');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('/res/v1/web/search?q=janedoe');
  });
});

describe('Brave image search', () => {
  it('sends the documented request and parses pictures with their pages', async () => {
    brave.answer({ body: readFixture('brave-image-search.json') });
    const source = createBraveImageSource({
      endpoint: brave.endpoint,
      apiKey: KEY,
      safeSearch: 'moderate',
    });
    expect(source.kind).toBe('text');
    expect(source.finds).toBe('images');
    const response = await source.search('janedoe', { count: 500 });
    const [request] = brave.requests;
    expect(request?.path).toBe('/res/v1/images/search');
    expect(request?.query.get('q')).toBe('janedoe');
    expect(request?.query.get('count')).toBe('200');
    expect(request?.query.has('offset')).toBe(false);
    expect(request?.query.get('safesearch')).toBe('strict');
    expect(request?.headers['x-subscription-token']).toBe(KEY);
    expect(request?.headers.accept).toBe('application/json');
    expect(response).toEqual({
      queriesUsed: 1,
      hasMore: false,
      results: [
        {
          url: 'https://imageboard.example/b/thread/98231',
          title: 'janedoe beach set photo 3',
          mediaUrl: 'https://cdn.imageboard.example/src/1730456433.jpg',
          thumbnailUrl:
            'https://imgs.search.brave.com/abc123/rs:fit:500:0:0/g:ce/aHR0cHM6Ly9pbWFn.jpg',
          source: 'brave-images',
        },
        {
          url: 'https://filehost.example/f/8sk2Jq',
          title: 'Jane Doe on FileHost',
          mediaUrl: 'https://filehost.example/raw/8sk2Jq.png',
          thumbnailUrl:
            'https://imgs.search.brave.com/def456/rs:fit:500:0:0/g:ce/aHR0cHM6Ly9maWxl.jpg',
          source: 'brave-images',
        },
      ],
    });
  });

  it('has no second page and spends no query asking for one', async () => {
    const source = createBraveImageSource({ endpoint: brave.endpoint, apiKey: KEY });
    expect(await source.search('janedoe', { page: 1 })).toEqual({
      results: [],
      queriesUsed: 0,
      hasMore: false,
    });
    expect(brave.requests).toHaveLength(0);
  });

  it('is off without a key and maps 401 and 429 like web search', async () => {
    expect(createBraveImageSource({ apiKey: null }).isEnabled()).toBe(false);
    brave.answer({ status: 401, body: readFixture('brave-error-401.json') });
    const source = createBraveImageSource({ endpoint: brave.endpoint, apiKey: KEY });
    expect((await caught(source.search('janedoe'))).code).toBe('unauthorized');
    brave.answer({
      status: 429,
      headers: { 'retry-after': '2' },
      body: readFixture('brave-error-429.json'),
    });
    const limited = await caught(source.search('janedoe'));
    expect(limited.code).toBe('rate-limited');
    expect(limited.retryAfterMs).toBe(2000);
  });
});
