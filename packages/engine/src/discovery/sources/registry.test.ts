// The registry: every source, on with a key and off with the reason, each sending to its
// configured endpoint with its key, each with its own rate limit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProviderServer } from './fake-provider-server.ts';
import type { RateLimiterClock } from './rate-limiter.ts';
import { createDiscoverySources } from './registry.ts';
import { DISCOVERY_SOURCE_IDS, type DiscoverySource } from './source.ts';

let provider: FakeProviderServer;

beforeAll(async () => {
  provider = await startFakeProvider();
});
afterAll(async () => {
  await provider.close();
});
beforeEach(() => {
  provider.requests.length = 0;
  // Every provider's empty answer, by path.
  provider.answer((request) => {
    if (request.path.endsWith('/res/v1/web/search')) return { body: { type: 'search' } };
    if (request.path.endsWith('/res/v1/images/search'))
      return { body: { type: 'images', results: [] } };
    if (request.path.endsWith('/search.json')) return { body: { organic_results: [] } };
    if (request.path.endsWith('/v2/image/search_by_image')) return { body: {} };
    if (request.path.endsWith('/search/'))
      return { body: { code: 200, status: 'ok', results: { matches: [] } } };
    if (request.path.endsWith('/v1/images:annotate')) return { body: { responses: [{}] } };
    return { status: 404, body: { error: 'unknown path' } };
  });
});

const search = (source: DiscoverySource) =>
  source.kind === 'text'
    ? source.search('janedoe')
    : source.search({ url: 'https://cdn.shark.example/ref/a1.jpg' });

function allConfigured(clock?: RateLimiterClock, userAgent?: string) {
  return createDiscoverySources({
    userAgent,
    brave: { endpoint: `${provider.endpoint}/brave`, apiKey: 'brave-key' },
    serpApi: { endpoint: `${provider.endpoint}/serpapi`, apiKey: 'serp-key' },
    yandex: {
      endpoint: `${provider.endpoint}/yandex`,
      apiKey: 'yandex-key',
      folderId: 'b1gfolder',
    },
    tineye: { endpoint: `${provider.endpoint}/tineye`, apiKey: 'tineye-key' },
    googleVision: { endpoint: `${provider.endpoint}/vision`, apiKey: 'vision-key' },
    ahmia: { endpoint: `${provider.endpoint}/ahmia`, hasTor: true },
    ratePerSecond: { 'brave-web': 2, tineye: 0.5 },
    clock,
  });
}

describe('createDiscoverySources', () => {
  it('builds every source in order, off with the reason when nothing is configured', () => {
    const sources = createDiscoverySources();
    expect(sources.map((s) => s.id)).toEqual([...DISCOVERY_SOURCE_IDS]);
    expect(sources.map((s) => [s.id, s.kind])).toEqual([
      ['brave-web', 'text'],
      ['brave-images', 'text'],
      ['serpapi-google', 'text'],
      ['serpapi-lens', 'image'],
      ['yandex-images', 'image'],
      ['tineye', 'image'],
      ['google-vision', 'image'],
      ['ahmia', 'text'],
    ]);
    for (const source of sources) {
      expect(source.isEnabled()).toBe(false);
      expect(source.status().reason).toMatch(
        source.isDarkWeb
          ? /is off: dark web scanning needs TOR_SOCKS_URL\./
          : /is off: no API key is configured\./,
      );
    }
    expect(sources.filter((s) => s.isDarkWeb).map((s) => s.id)).toEqual(['ahmia']);
  });

  it('turns on the sources with a key and sends each to its endpoint with its key', async () => {
    const sources = allConfigured();
    expect(sources.every((s) => s.isEnabled())).toBe(true);
    for (const source of sources) await search(source);
    const seen = provider.requests.map((r) => [
      r.path,
      r.headers['x-subscription-token'] ??
        r.headers['x-api-key'] ??
        r.headers.authorization ??
        r.query.get('api_key') ??
        r.query.get('key'),
    ]);
    expect(seen).toEqual([
      ['/brave/res/v1/web/search', 'brave-key'],
      ['/brave/res/v1/images/search', 'brave-key'],
      ['/serpapi/search.json', 'serp-key'],
      ['/serpapi/search.json', 'serp-key'],
      ['/yandex/v2/image/search_by_image', 'Api-Key yandex-key'],
      ['/tineye/search/', 'tineye-key'],
      ['/vision/v1/images:annotate', 'vision-key'],
      ['/ahmia/search/', null],
    ]);
  });

  it('names the bot in every request: its default User-Agent, or the configured one', async () => {
    for (const source of allConfigured()) await search(source);
    for (const source of allConfigured(
      undefined,
      'SharkBot/2.0 (content protection; +https://a.example/bot)',
    ))
      await search(source);
    const agents = provider.requests.map((r) => r.headers['user-agent']);
    expect(agents).toEqual([
      ...Array.from(
        { length: 8 },
        () => 'SharkBot/0.1 (content protection; +https://shark.example/bot)',
      ),
      ...Array.from(
        { length: 8 },
        () => 'SharkBot/2.0 (content protection; +https://a.example/bot)',
      ),
    ]);
  });

  it('gives each source its own rate limit, and none to the sources not listed', async () => {
    const waits: number[] = [];
    const clock: RateLimiterClock = {
      now: () => 0,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    };
    const sources = allConfigured(clock);
    const byId = new Map(sources.map((s) => [s.id, s]));
    for (const id of [
      'brave-web',
      'brave-web',
      'brave-web',
      'brave-images',
      'brave-images',
      'tineye',
      'tineye',
    ] as const) {
      const source = byId.get(id);
      if (source) await search(source);
    }
    // brave-web at 2 a second: 500 and 1000 ms; tineye at one every 2 s: 2000 ms; brave-images free.
    expect(waits).toEqual([500, 1000, 2000]);
    expect(provider.requests).toHaveLength(7);
  });
});
