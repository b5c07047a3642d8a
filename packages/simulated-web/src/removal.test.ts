// Enforcement against the simulated web: every site names where it takes notices, the stand-in RDAP
// registry gives the sites' network an abuse contact (the host level; no registrar for a bare address),
// and a site can take a page down — it then answers 410 and stops listing it — from the object or
// through the control server a test in another process uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher } from '@shark/engine/fetch/safe-fetch.ts';
import { loadSiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { createFetchJson } from '@shark/engine/recipients/fetch-json.ts';
import { createRecipientResolver } from '@shark/engine/recipients/recipient-resolver.ts';
import { startSimulatedWeb, type SimulatedWeb } from './index.ts';

let web: SimulatedWeb;
const fetcher = createSafeFetcher({ allowlist: ['127.0.0.1'] });

beforeAll(async () => {
  web = await startSimulatedWeb();
});
afterAll(async () => {
  await fetcher.close();
  await web?.close();
});

const leakOn = (site: string) => {
  const leak = web.expected.leaks.find((candidate) => candidate.site === site);
  if (!leak) throw new Error(`no planted leak on ${site}`);
  return leak.pageUrl;
};

async function status(url: string): Promise<number> {
  const response = await fetch(url, { redirect: 'manual' });
  await response.arrayBuffer();
  return response.status;
}

async function control(path: string, body?: unknown) {
  const response = await fetch(`${web.controlOrigin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('who takes the notices', () => {
  it('every catalog entry names its DMCA channel: e-mail on most sites, a form only on ChanBooru and PicGram', () => {
    const catalog = loadSiteCatalog(web.catalogFile);
    const channels = Object.fromEntries(catalog.sites.map((site) => [site.id, site.dmca]));
    expect(channels).toEqual({
      'sim-tube': { email: 'dmca@cliptube.example' },
      'sim-forum': { email: 'abuse@leakforum.example' },
      'sim-files': { email: 'copyright@dropfiles.example' },
      'sim-board': { url: 'https://chanbooru.example/contact/dmca' },
      'sim-tg': { email: 'dmca@tgindex.example' },
      'sim-social': { email: 'copyright@chirper.example' },
      'sim-pics': { url: 'https://help.picgram.example/contact/copyright' },
    });
    for (const site of web.sites) expect(site.dmca).toEqual(channels[site.id]);
    expect(web.sites.find((site) => site.id === 'sim-social')?.impersonation).toEqual({
      url: 'https://help.chirper.example/forms/impersonation',
    });
  });

  it('the engine resolves a leak to the site, then the network’s abuse contact through RDAP, and no registrar', async () => {
    const env = web.env();
    const resolver = createRecipientResolver({
      catalog: loadSiteCatalog(web.catalogFile),
      fetchJson: createFetchJson(fetcher),
      bootstrap: {
        ipv4Url: env.RDAP_BOOTSTRAP_IPV4_URL!,
        ipv6Url: env.RDAP_BOOTSTRAP_IPV6_URL!,
        dnsUrl: env.RDAP_BOOTSTRAP_DNS_URL!,
      },
    });
    const url = leakOn('sim-tube');
    const lookup = await resolver.lookup(url);
    expect(lookup).toMatchObject({ host: '127.0.0.1', addresses: ['127.0.0.1'], domain: null });
    expect(lookup.siteId).toBe('sim-tube');
    expect(lookup.problems).toEqual([]);
    expect(lookup.recipients.map(({ role, channel, name }) => ({ role, channel, name }))).toEqual([
      {
        role: 'site',
        name: 'ClipTube (simulated)',
        channel: { kind: 'email', address: 'dmca@cliptube.example' },
      },
      {
        role: 'host',
        name: web.hosting.organisation,
        channel: { kind: 'email', address: web.hosting.abuseEmail },
      },
    ]);
    expect(lookup.recipients[1]?.source).toMatch(
      /^rdap:http:\/\/127\.0\.0\.1:\d+\/arin\/ip\/127\.0\.0\.1$/,
    );

    const board = await resolver.lookup(leakOn('sim-board'));
    expect(board.recipients[0]?.channel).toEqual({
      kind: 'form',
      url: 'https://chanbooru.example/contact/dmca',
    });
  });
});

describe('a site takes a page down', () => {
  it('the removed page answers 410 and leaves the search results; restored, it is back', async () => {
    const url = leakOn('sim-tube');
    const tube = web.sites.find((site) => site.id === 'sim-tube')!;
    const search = `${tube.origin}/search?q=luna+fox`;
    const path = new URL(url).pathname;
    expect(await status(url)).toBe(200);
    expect(await (await fetch(search)).text()).toContain(`href="${path}"`);

    web.removePage(url);
    expect(web.removedPages()).toEqual([url]);
    const gone = await fetch(url);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('This content has been removed');
    expect(await (await fetch(search)).text()).not.toContain(`href="${path}"`);
    // Only that page: the site's other leak is still there.
    const other = web.expected.leaks.find((l) => l.site === 'sim-tube' && l.pageUrl !== url)!;
    expect(await status(other.pageUrl)).toBe(200);

    expect(web.restorePage(url)).toBe(true);
    expect(web.restorePage(url)).toBe(false);
    expect(web.removedPages()).toEqual([]);
    expect(await status(url)).toBe(200);
    expect(await (await fetch(search)).text()).toContain(`href="${path}"`);
  });

  it('a board post (path and query) and a channel page drop out of their profile and results', async () => {
    const post = leakOn('sim-board');
    web.removePage(post);
    try {
      expect(await status(post)).toBe(410);
      const otherPost = new URL(post);
      otherPost.searchParams.set('id', '1');
      // The board's other addresses are not the removed post.
      expect(await status(otherPost.href)).toBe(404);
      expect(await status(new URL('/index.php?page=post&s=list&tags=luna_fox', post).href)).toBe(
        200,
      );
    } finally {
      web.restorePage(post);
    }
    expect(await status(post)).toBe(200);
  });

  it('refuses what is not a page of a simulated site', () => {
    const tube = web.sites.find((site) => site.id === 'sim-tube')!;
    expect(() => web.removePage('not a url')).toThrow('is not a web address');
    expect(() => web.removePage('https://example.com/watch/1')).toThrow('is not a simulated site');
    expect(() => web.removePage(`${tube.origin}/`)).toThrow('not a page the site could take down');
    expect(() => web.removePage(`${tube.origin}/search?q=luna`)).toThrow(
      'not a page the site could take down',
    );
    expect(web.removedPages()).toEqual([]);
  });
});

describe('the control server', () => {
  it('removes, lists and restores pages over HTTP, and is not on the fetch allowlist', async () => {
    const url = leakOn('sim-forum');
    expect(web.allowlist).not.toContain(new URL(web.controlOrigin).host);

    expect(await control('/pages/remove', { url })).toEqual({
      status: 200,
      body: { removed: [url] },
    });
    expect(await status(url)).toBe(410);
    expect(await control('/pages/removed')).toEqual({ status: 200, body: { removed: [url] } });
    expect(await control('/pages/restore', { url })).toEqual({
      status: 200,
      body: { restored: true, removed: [] },
    });
    expect(await status(url)).toBe(200);
  });

  it('answers bad requests with a 4xx and a message', async () => {
    expect(await control('/pages/remove', 'not json')).toEqual({
      status: 400,
      body: { error: 'The body must be JSON: { "url": "<page address>" }.' },
    });
    expect(await control('/pages/remove', {})).toEqual({
      status: 400,
      body: { error: 'The body needs "url", the page address.' },
    });
    expect((await control('/pages/remove', { url: 'https://example.com/x' })).status).toBe(400);
    expect((await control('/pages/elsewhere')).status).toBe(404);
    const wrongMethod = await fetch(`${web.controlOrigin}/pages/removed`, { method: 'POST' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
    await wrongMethod.arrayBuffer();
  });
});
