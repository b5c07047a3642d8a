// The simulated sites as a scan sees them: the catalog file loads with the engine's loader, the
// catalog's selectors read the planted pages off the search and profile pages, robots.txt forbids
// the VIP thread, and every URL the expectations name answers.
import robotsParserExport from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findSite,
  loadSiteCatalog,
  type CatalogSite,
  type SiteCatalog,
} from '@shark/engine/discovery/site-catalog/catalog.ts';
import { extractResults } from '@shark/engine/discovery/site-catalog/extract.ts';
import { profileUrl, searchUrl } from '@shark/engine/discovery/site-catalog/templates.ts';
import { parseWhitelistEntry } from '@shark/engine/whitelist/whitelist-entry.ts';
import { createWhitelistMatcher } from '@shark/engine/whitelist/whitelist-match.ts';
import { startSimulatedWeb, type SimulatedWeb } from './index.ts';

// The package's types declare an ES default export; at run time the module is CommonJS.
const robotsParser = robotsParserExport as unknown as (
  url: string,
  contents: string,
) => { isAllowed(url: string, ua?: string): boolean | undefined };

let web: SimulatedWeb;
let catalog: SiteCatalog;

beforeAll(async () => {
  web = await startSimulatedWeb();
  catalog = loadSiteCatalog(web.catalogFile);
});
afterAll(async () => {
  await web?.close();
});

const site = (id: string): CatalogSite => {
  const entry = findSite(catalog, id);
  if (!entry) throw new Error(`no ${id} in the catalog`);
  return entry;
};

async function text(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, body: await response.text() };
}

/** Every result of a catalog search, following the next-page links. */
async function searchAll(
  entry: CatalogSite,
  query: string,
): Promise<{ urls: string[]; media: string[]; pages: number }> {
  const urls: string[] = [];
  const media: string[] = [];
  let next: string | null = searchUrl(entry, query);
  let pages = 0;
  while (next) {
    const { status, body } = await text(next);
    expect(status, next).toBe(200);
    const page = extractResults(entry, 'search', body, next);
    urls.push(...page.results.map((result) => result.url));
    media.push(...page.results.flatMap((result) => result.mediaUrls));
    next = page.nextPageUrl;
    pages += 1;
  }
  return { urls, media, pages };
}

describe('the catalog file', () => {
  it('loads with the engine loader and has a site of every kind, on the simulated origins', () => {
    expect(catalog.sites.map((entry) => entry.kind).sort()).toEqual([
      'file-host',
      'forum',
      'image-board',
      'social-network',
      'social-network',
      'telegram-index',
      'tube',
    ]);
    for (const entry of catalog.sites) {
      const simulated = web.sites.find((candidate) => candidate.id === entry.id);
      expect(simulated?.origin).toBe(entry.baseUrl);
      expect(web.allowlist).toContain(simulated?.host);
    }
    expect(web.allowlist).toContain(web.braveEndpoint.replace('http://', ''));
    expect(web.allowlist).not.toContain(web.trapOrigin.replace('http://', ''));
  });

  it('points Shark at the simulated web through env()', () => {
    const social = web.sites.find((s) => s.id === 'sim-social')!;
    const pics = web.sites.find((s) => s.id === 'sim-pics')!;
    expect(web.env()).toEqual({
      SITE_CATALOG_FILE: web.catalogFile,
      BRAVE_API_KEY: web.braveApiKey,
      BRAVE_API_URL: web.braveEndpoint,
      SHARK_FETCH_ALLOWLIST: web.allowlist.join(','),
      SCAN_MAX_SEARCH_PAGES: '1',
      SCAN_VARIANTS_PER_USERNAME: '40',
      RDAP_BOOTSTRAP_IPV4_URL: expect.stringMatching(
        /^http:\/\/127\.0\.0\.1:\d+\/bootstrap\/ipv4\.json$/,
      ),
      RDAP_BOOTSTRAP_IPV6_URL: expect.stringMatching(
        /^http:\/\/127\.0\.0\.1:\d+\/bootstrap\/ipv6\.json$/,
      ),
      RDAP_BOOTSTRAP_DNS_URL: expect.stringMatching(
        /^http:\/\/127\.0\.0\.1:\d+\/bootstrap\/dns\.json$/,
      ),
    });
    // The local RDAP registry is reachable through the fetch guard like the sites.
    expect(web.allowlist).toContain(new URL(web.env().RDAP_BOOTSTRAP_DNS_URL!).host);
    expect(web.profileUrlTemplates).toEqual({
      x: `${social.origin}/u/{username}`,
      instagram: `${pics.origin}/{username}/`,
    });
  });
});

describe('search pages read with the catalog selectors', () => {
  const searchable = ['sim-tube', 'sim-forum', 'sim-files', 'sim-board', 'sim-tg', 'sim-social'];

  it.each(searchable)(
    '%s lists its planted pages for the display name and for a username',
    async (id) => {
      const entry = site(id);
      const byName = await searchAll(entry, web.creator.displayName);
      const byUsername = await searchAll(entry, `${web.creator.usernames[0]!} leaked`);
      expect(byUsername.urls).toEqual(byName.urls);
      const origin = entry.baseUrl;
      const listedHere = (url: string) => url.startsWith(`${origin}/`);
      // Every leak on this site is listed, except the file page that only Brave knows.
      const leaks = web.expected.leaks.filter(
        (leak) => listedHere(leak.pageUrl) && !leak.pageUrl.endsWith('/f/Qm7x2'),
      );
      expect(leaks.length).toBeGreaterThan(0);
      for (const leak of leaks) expect(byName.urls).toContain(leak.pageUrl);
      expect(byName.urls.length).toBe(new Set(byName.urls).size);
    },
  );

  it('lists the decoys, the whitelisted posts, the robots-disallowed thread and the trap pages too', async () => {
    const forum = await searchAll(site('sim-forum'), web.creator.displayName);
    for (const url of [
      ...web.expected.decoys,
      ...web.expected.robotsDisallowed,
      ...web.expected.trapPages,
    ]) {
      if (url.startsWith(`${site('sim-forum').baseUrl}/`) && !url.includes('/media/'))
        expect(forum.urls).toContain(url);
    }
    const social = await searchAll(site('sim-social'), web.creator.displayName);
    expect(social.urls).toEqual(
      expect.arrayContaining(web.expected.whitelisted.filter((url) => url.includes('/status/'))),
    );
  });

  it('shows thumbnails that the sites serve (lazy data-src read before the placeholder src)', async () => {
    const tube = await searchAll(site('sim-tube'), web.creator.displayName);
    expect(tube.media.length).toBeGreaterThan(0);
    for (const media of tube.media) {
      expect(media).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+\.jpg$/);
      const response = await fetch(media);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
    }
  });

  it('answers a query that does not name the creator with an empty result page', async () => {
    for (const id of searchable) {
      const result = await searchAll(site(id), 'someone else entirely');
      expect(result.urls).toEqual([]);
      expect(result.pages).toBe(1);
    }
  });
});

describe('profile pages', () => {
  it('give the identity of each impersonator (display name and avatar) through the catalog selectors', async () => {
    for (const fake of web.expected.impersonators) {
      const entry = site(fake.site);
      const url = profileUrl(entry, fake.username);
      expect(url).toBe(fake.profileUrl);
      const { status, body } = await text(url);
      expect(status).toBe(200);
      const identity = extractResults(entry, 'profile', body, url).identity;
      expect(identity?.avatarUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+\.jpg$/);
      if (fake.reasons.includes('uses-name'))
        expect(identity?.displayName).toContain(web.creator.displayName);
      else expect(identity?.displayName).not.toContain(web.creator.displayName);
      expect((await fetch(identity!.avatarUrl!)).status).toBe(200);
    }
  });

  it('put her X and Instagram accounts on Chirper and PicGram through profileUrlTemplates', () => {
    const templates: Record<string, string> = web.profileUrlTemplates;
    const own = web.expected.notImpersonators
      .filter((other) => other.why === "the creator's own account")
      .map((other) => other.profileUrl);
    const urls = web.creator.accounts
      .filter((account) => templates[account.platform] !== undefined)
      .map((account) => templates[account.platform]!.replace('{username}', account.username));
    expect(urls.sort()).toEqual(own.sort());
  });

  it("show the namesake and the creator's own accounts, and answer 404 for names nobody has", async () => {
    for (const other of web.expected.notImpersonators) {
      expect((await text(other.profileUrl)).status).toBe(200);
    }
    const [username] = web.creator.usernames;
    for (const id of ['sim-social', 'sim-pics', 'sim-tube', 'sim-forum', 'sim-files', 'sim-tg']) {
      expect((await text(profileUrl(site(id), `${username!}_nobody`))).status).toBe(404);
    }
  });
});

describe('robots.txt, traps and the whitelist', () => {
  it('disallows the VIP thread and its picture, and only those of the expected URLs', async () => {
    for (const simulated of web.sites) {
      const robotsUrl = `${simulated.origin}/robots.txt`;
      const { status, body } = await text(robotsUrl);
      expect(status).toBe(200);
      const robots = robotsParser(robotsUrl, body);
      for (const url of web.expected.robotsDisallowed.filter((u) => u.startsWith(simulated.origin)))
        expect(robots.isAllowed(url, 'SharkBot')).toBe(false);
      for (const leak of web.expected.leaks.filter((l) => l.pageUrl.startsWith(simulated.origin))) {
        expect(robots.isAllowed(leak.pageUrl, 'SharkBot')).toBe(true);
        expect(robots.isAllowed(leak.mediaUrl, 'SharkBot')).toBe(true);
      }
    }
    expect(web.expected.robotsDisallowed).toHaveLength(2);
    for (const url of web.expected.robotsDisallowed) expect((await fetch(url)).status).toBe(200);
  });

  it('redirects the trap links to private addresses and logs every request it serves', async () => {
    web.clearRequests();
    const redirects = web.expected.trapPages.filter(
      (url) => url.includes('/goto/') || url.includes('/redirect-'),
    );
    expect(redirects.length).toBe(3);
    for (const url of redirects) {
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(web.expected.privateTraps).toContain(response.headers.get('location'));
    }
    const page = web.expected.trapPages.find((url) => url.includes('mirror-links'))!;
    const { body } = await text(page);
    for (const trap of web.expected.privateTraps.filter((url) => url.endsWith('.jpg'))) {
      if (!trap.includes('/05.jpg')) expect(body).toContain(trap);
    }
    expect(web.requests().map((record) => record.url)).toEqual([...redirects, page]);
    expect(web.requests('trap')).toEqual([]);
    expect(web.wasRequested(page)).toBe(true);
  });

  it("whitelist entries cover the creator's official pages and none of the leaks or impersonators", () => {
    const entries = web.creator.whitelist.map((input, i) => {
      const parsed = parseWhitelistEntry(input);
      if (!parsed.ok) throw new Error(parsed.message);
      return { ...parsed.entry, id: String(i) };
    });
    const matcher = createWhitelistMatcher(entries);
    for (const url of web.expected.whitelisted) expect(matcher.match(url), url).not.toBeNull();
    for (const url of [
      ...web.expected.leaks.map((leak) => leak.pageUrl),
      ...web.expected.impersonators.map((i) => i.profileUrl),
    ])
      expect(matcher.match(url), url).toBeNull();
  });

  it('serves every leak page and copy, and the official pages', async () => {
    for (const leak of web.expected.leaks) {
      expect((await fetch(leak.pageUrl)).status, leak.pageUrl).toBe(200);
      const media = await fetch(leak.mediaUrl);
      expect(media.status, leak.mediaUrl).toBe(200);
      expect(media.headers.get('content-type')).toBe('image/jpeg');
      if (leak.via !== 'file')
        expect(await (await fetch(leak.pageUrl)).text()).toContain(new URL(leak.mediaUrl).pathname);
    }
    for (const url of web.expected.whitelisted) expect((await fetch(url)).status).toBe(200);
  });

  it('writes the reference files and names each planted copy after one of them', () => {
    const names = web.creator.references.map((reference) => reference.name);
    expect(names).toHaveLength(4);
    for (const leak of web.expected.leaks) expect(names).toContain(leak.reference);
    // Every reference is leaked somewhere, and every kind of site carries a leak.
    expect(new Set(web.expected.leaks.map((leak) => leak.reference)).size).toBe(4);
    expect(new Set(web.expected.leaks.map((leak) => leak.site))).toEqual(
      new Set(['sim-tube', 'sim-forum', 'sim-files', 'sim-board', 'sim-tg', 'sim-social']),
    );
  });
});
