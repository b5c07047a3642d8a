// The unknown world as a scanner meets it: pages and pictures are served, most copies sit on pages that
// never name her, robots.txt forbids some, each site publishes its own copyright channel, the social
// network holds her impersonators and a look-alike, Brave pages its results, and the catalog is dead.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { startUnknownWorld, type UnknownWorld } from './index.ts';

let world: UnknownWorld;

beforeAll(async () => {
  world = await startUnknownWorld({ photos: 5, videos: 1, seed: 3 });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const text = async (url: string) => {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, body: await response.text(), response };
};
const brave = (query: string, extra = '') =>
  fetch(`${world.braveEndpoint}/res/v1/web/search?q=${encodeURIComponent(query)}${extra}`, {
    headers: { 'x-subscription-token': world.braveApiKey, 'user-agent': 'world-test/1' },
  });

describe('the unknown world', () => {
  it('serves every leak page with its copy on it, and every copy decodes', async () => {
    expect(world.expected.leaks.length).toBeGreaterThan(25);
    for (const leak of world.expected.leaks) {
      const page = await text(leak.pageUrl);
      expect(page.status, leak.pageUrl).toBe(200);
      const path = new URL(leak.mediaUrl).pathname;
      expect(page.body, `${leak.pageUrl} shows ${path}`).toContain(path);
      const media = await fetch(leak.mediaUrl);
      expect(media.status, leak.mediaUrl).toBe(200);
      const bytes = Buffer.from(await media.arrayBuffer());
      if (leak.edit === 'video-copy') expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
      else expect((await sharp(bytes).metadata()).width).toBeGreaterThan(100);
    }
  });

  it('puts most copies on pages that never name her, and uses every way of embedding a picture', async () => {
    const names = [world.creator.displayName, ...world.creator.usernames].map((name) =>
      name.toLowerCase(),
    );
    const unnamed = world.expected.leaks.filter((leak) => !leak.namesHer);
    expect(unnamed.length).toBeGreaterThan(world.expected.leaks.length / 2);
    for (const leak of unnamed) {
      const body = (await text(leak.pageUrl)).body.toLowerCase();
      for (const name of names) expect(body, leak.pageUrl).not.toContain(name);
    }
    const embeddings = new Set(world.expected.leaks.map((leak) => leak.embedding));
    for (const embedding of [
      'img',
      'srcset',
      'picture',
      'lazy-data-src',
      'lazy-data-srcset',
      'css-inline',
      'css-style-block',
      'link-to-full',
      'og-image',
      'json-ld',
      'telegram-background',
      'video-source',
    ] as const)
      expect(embeddings, embedding).toContain(embedding);
    const reached = new Set(unnamed.map((leak) => leak.reachedBy));
    for (const way of [
      'pagination',
      'uploader',
      'older-posts',
      'folder',
      'board-index',
      'sitemap',
    ] as const)
      expect(reached, way).toContain(way);
  });

  it('links each unnamed page from a page a scan can reach: next pages, older posts, the sitemap', async () => {
    const forum = world.expected.leaks.find((leak) => leak.reachedBy === 'pagination')!;
    const first = await text(forum.pageUrl.replace(/page-\d+$/, ''));
    expect(first.body).toMatch(
      /<a class="pageNav-jump pageNav-jump--next" href="[^"]+page-2" rel="next">Next<\/a>/,
    );
    const channel = world.sites.find((site) => site.id === 'channel')!;
    expect((await text(`${channel.origin}/s/premleaksvip`)).body).toContain(
      'href="/s/premleaksvip?before=196"',
    );
    const sitemapped = world.expected.leaks.find((leak) => leak.reachedBy === 'sitemap')!;
    const tube = new URL(sitemapped.pageUrl).origin;
    expect((await text(`${tube}/robots.txt`)).body).toContain(`Sitemap: ${tube}/sitemap.xml`);
    expect((await text(`${tube}/sitemap.xml`)).body).toContain(`<loc>${sitemapped.pageUrl}</loc>`);
  });

  it('has robots.txt everywhere, forbidding pages that hold copies', async () => {
    for (const site of world.sites) {
      const robots = await text(`${site.origin}/robots.txt`);
      expect(robots.status).toBe(200);
      expect(robots.body).toMatch(/^User-agent: \*\nDisallow: \//);
    }
    const forbidden = world.expected.leaks.filter((leak) => !leak.robotsAllowed);
    expect(forbidden.length).toBeGreaterThanOrEqual(2);
    for (const leak of forbidden) {
      expect(world.expected.robotsDisallowed).toContain(leak.pageUrl);
      const robots = (await text(`${new URL(leak.pageUrl).origin}/robots.txt`)).body;
      const rules = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map((match) => match[1]!);
      expect(rules.some((rule) => new URL(leak.pageUrl).pathname.startsWith(rule))).toBe(true);
    }
    const before = world.robotsViolations().length;
    await fetch(forbidden[0]!.pageUrl);
    expect(world.robotsViolations()).toHaveLength(before + 1);
  });

  it('publishes each site’s copyright channel on its own pages', async () => {
    const contacts = Object.entries(world.expected.siteContacts);
    expect(contacts).toHaveLength(8);
    for (const [origin, contact] of contacts) {
      expect(contact.publishedAt.startsWith(origin)).toBe(true);
      const page = await text(contact.publishedAt);
      expect(page.status).toBe(200);
      if (contact.channel === 'email') expect(page.body).toContain(contact.address);
      else {
        expect(page.body).toMatch(/<form[^>]+method="post"/);
        expect(page.body).toMatch(/<input type="hidden" name="csrf_token"/);
        for (const field of ['urls', 'description', 'name', 'email'])
          expect(page.body).toContain(`name="${field}"`);
        expect(page.body).not.toMatch(/[a-z]+@[a-z]+\.example/);
      }
    }
    const forum = world.sites.find((site) => site.id === 'forum')!;
    const footer = (await text(`${forum.origin}/`)).body;
    expect(footer).toContain('<a href="/legal/abuse">Report abuse</a>');
    expect((await text(`${forum.origin}/legal/abuse`)).body).not.toContain('mailto:');
  });

  it('holds three impersonators and a look-alike on the social network', async () => {
    expect(world.expected.impersonators).toHaveLength(3);
    expect(new Set(world.expected.impersonators.map((i) => i.reachedBy)).size).toBe(3);
    for (const impersonator of world.expected.impersonators) {
      const page = await text(impersonator.profileUrl);
      expect(page.body).toContain('<meta property="og:type" content="profile">');
      expect(page.body).toContain(
        `<meta property="profile:username" content="${impersonator.handle}">`,
      );
      expect(page.body).toContain(world.creator.displayName);
      const short = await text(impersonator.profileUrl.replace('/@', '/u/'));
      expect(short.status).toBe(301);
    }
    const [lookAlike] = world.expected.notImpersonators;
    const page = await text(lookAlike!.profileUrl);
    expect(page.body).not.toContain(`<h1 class="display-name">${world.creator.displayName}`);
    const network = world.sites.find((site) => site.id === 'network')!;
    const search = await text(`${network.origin}/search?q=luna+fox`);
    const viaSearch = world.expected.impersonators.find((i) => i.reachedBy === 'network-search')!;
    expect(search.body).toContain(`href="/@${viaSearch.handle}"`);
  });

  it('answers Brave web searches page by page, some pages only for her display name', async () => {
    const first = (await (await brave(world.creator.displayName, '&count=20')).json()) as {
      web: { results: { url: string }[] };
      query: { more_results_available: boolean };
    };
    expect(first.web.results).toHaveLength(20);
    expect(first.query.more_results_available).toBe(true);
    const second = (await (
      await brave(world.creator.displayName, '&count=20&offset=1')
    ).json()) as typeof first;
    expect(second.query.more_results_available).toBe(false);
    const laterUrls = second.web.results.map((result) => result.url);
    expect(laterUrls.some((url) => url.includes('/threads/'))).toBe(true);
    const byUsername = (await (await brave(world.creator.usernames[0]!)).json()) as typeof first;
    const usernameUrls = byUsername.web.results.map((result) => result.url);
    expect(usernameUrls.some((url) => url.includes('/threads/'))).toBe(false);
    expect(usernameUrls.some((url) => url.includes('/s/premleaksvip'))).toBe(true);
    expect((await brave(world.creator.displayName, '&count=21')).status).toBe(422);
    expect((await brave(world.creator.displayName, '&offset=10')).status).toBe(422);
    expect(world.requests('brave').at(-1)?.userAgent).toBe('world-test/1');
  });

  it('points Shark at a catalog of sites that never answer, and leaves scan limits alone', async () => {
    const env = world.env();
    expect(Object.keys(env).filter((key) => key.startsWith('SCAN_'))).toEqual([]);
    const catalog = parseSiteCatalog(JSON.parse(readFileSync(env.SITE_CATALOG_FILE!, 'utf8')));
    const hosts = catalog.sites.map((site) => new URL(site.baseUrl).host);
    expect(hosts).toEqual(world.expected.unresolvableHosts);
    expect(hosts.filter((host) => host.endsWith('.invalid'))).toHaveLength(6);
    for (const host of hosts.filter((host) => host.startsWith('127.0.0.1:'))) {
      const error = await fetch(`http://${host}/`).catch((thrown: unknown) => thrown as Error);
      expect((error as Error & { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
    }
    for (const site of world.sites) expect(env.SHARK_FETCH_ALLOWLIST).toContain(site.host);
    const bootstrap = (await (await fetch(env.RDAP_BOOTSTRAP_IPV4_URL!)).json()) as {
      services: unknown[];
    };
    expect(bootstrap.services.length).toBeGreaterThan(0);
  });

  it('whitelists her own site, whose pictures are her originals', async () => {
    const own = world.sites.find((site) => site.id === 'own-site')!;
    expect(world.creator.whitelist).toEqual([`${own.host}/*`]);
    const gallery = (await text(`${own.origin}/gallery`)).body;
    const first = /<img src="([^"]+)"/.exec(gallery)![1]!;
    const served = Buffer.from(await (await fetch(`${own.origin}${first}`)).arrayBuffer());
    const originals = world.creator.references.map((reference) => readFileSync(reference.path));
    expect(originals.some((original) => original.equals(served))).toBe(true);
  });
});
