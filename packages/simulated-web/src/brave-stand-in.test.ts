// The Brave stand-in speaks Brave's JSON: the engine's own Brave adapters read it, a wrong key is
// refused as Brave refuses it, and only queries naming the creator find anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBraveImageSource,
  createBraveWebSource,
} from '@shark/engine/discovery/sources/brave.ts';
import { DiscoverySourceError } from '@shark/engine/discovery/sources/source.ts';
import { startSimulatedWeb, type SimulatedWeb } from './index.ts';

let web: SimulatedWeb;

beforeAll(async () => {
  web = await startSimulatedWeb();
});
afterAll(async () => {
  await web?.close();
});

const config = () => ({ endpoint: web.braveEndpoint, apiKey: web.braveApiKey });

describe('the Brave stand-in', () => {
  it('answers a web search naming the creator with pages on the simulated sites, the traps included', async () => {
    const response = await createBraveWebSource(config()).search(
      `${web.creator.usernames[0]!} leaked`,
    );
    const urls = response.results.map((result) => result.url);
    expect(urls).toContain(
      web.expected.leaks.find((leak) => leak.pageUrl.endsWith('/f/Qm7x2'))?.pageUrl,
    );
    expect(urls).toEqual(
      expect.arrayContaining(web.expected.robotsDisallowed.filter((url) => url.endsWith('/'))),
    );
    expect(urls).toEqual(expect.arrayContaining(web.expected.whitelisted.slice(0, 2)));
    expect(urls.filter((url) => web.expected.privateTraps.includes(url))).toHaveLength(3);
    expect(response.hasMore).toBe(false);
    expect(response.queriesUsed).toBe(1);
  });

  it('pages web results with count and offset, as Brave does', async () => {
    const source = createBraveWebSource(config());
    const first = await source.search(web.creator.displayName, { count: 5 });
    const second = await source.search(web.creator.displayName, { count: 5, page: 1 });
    expect(first.results).toHaveLength(5);
    expect(first.hasMore).toBe(true);
    expect(second.results[0]?.url).not.toBe(first.results[0]?.url);
    const all = await source.search(web.creator.displayName);
    expect([...first.results, ...second.results].map((r) => r.url)).toEqual(
      all.results.slice(0, 10).map((r) => r.url),
    );
  });

  it('answers an image search with the pictures and their pages, and serves the thumbnails', async () => {
    const response = await createBraveImageSource(config()).search(web.creator.displayName);
    const boardLeak = web.expected.leaks.find((leak) => leak.site === 'sim-board')!;
    expect(response.results).toContainEqual(
      expect.objectContaining({ url: boardLeak.pageUrl, mediaUrl: boardLeak.mediaUrl }),
    );
    expect(
      response.results.some((result) => web.expected.privateTraps.includes(result.mediaUrl ?? '')),
    ).toBe(true);
    const thumbnails = response.results
      .map((result) => result.thumbnailUrl)
      .filter((url): url is string => Boolean(url));
    expect(thumbnails.length).toBe(response.results.length - 1);
    for (const thumbnail of thumbnails) {
      expect(thumbnail.startsWith(`${web.braveEndpoint}/`)).toBe(true);
      const picture = await fetch(thumbnail);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/jpeg');
    }
  });

  it('finds nothing for a query that does not name the creator (and leaves out `web`, as Brave does)', async () => {
    expect((await createBraveWebSource(config()).search('weather tomorrow')).results).toEqual([]);
    expect((await createBraveImageSource(config()).search('weather tomorrow')).results).toEqual([]);
    const raw = await fetch(`${web.braveEndpoint}/res/v1/web/search?q=weather`, {
      headers: { 'X-Subscription-Token': web.braveApiKey },
    });
    const body = (await raw.json()) as Record<string, unknown>;
    expect(body.type).toBe('search');
    expect(body).not.toHaveProperty('web');
  });

  it("refuses a wrong or missing key with Brave's 401 error", async () => {
    const error = await createBraveWebSource({ ...config(), apiKey: 'wrong' })
      .search(web.creator.displayName)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(DiscoverySourceError);
    expect((error as DiscoverySourceError).code).toBe('unauthorized');
    expect((error as DiscoverySourceError).message).toContain('SUBSCRIPTION_TOKEN_INVALID');
    const raw = await fetch(
      `${web.braveEndpoint}/res/v1/images/search?q=${web.creator.usernames[0]!}`,
    );
    expect(raw.status).toBe(401);
    expect(await raw.json()).toMatchObject({
      type: 'ErrorResponse',
      error: { status: 401, code: 'SUBSCRIPTION_TOKEN_INVALID' },
    });
  });

  it('rejects a request without a query or with an out-of-range count with 422', async () => {
    const headers = { 'X-Subscription-Token': web.braveApiKey };
    expect((await fetch(`${web.braveEndpoint}/res/v1/web/search`, { headers })).status).toBe(422);
    expect(
      (await fetch(`${web.braveEndpoint}/res/v1/web/search?q=lunafox&count=21`, { headers }))
        .status,
    ).toBe(422);
    expect(
      (await fetch(`${web.braveEndpoint}/res/v1/web/search?q=lunafox&offset=10`, { headers }))
        .status,
    ).toBe(422);
    expect(
      (await fetch(`${web.braveEndpoint}/res/v1/news/search?q=lunafox`, { headers })).status,
    ).toBe(404);
  });

  it('logs each request it answers', async () => {
    web.clearRequests();
    await createBraveWebSource(config()).search(web.creator.displayName);
    expect(web.requests('brave')).toEqual([
      expect.objectContaining({
        method: 'GET',
        status: 200,
        path: expect.stringMatching(/^\/res\/v1\/web\/search\?q=Luna\+Fox&/),
      }),
    ]);
  });
});
