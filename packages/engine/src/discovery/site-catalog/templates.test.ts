import { describe, expect, it } from 'vitest';
import { findSite, loadSiteCatalog, parseSiteCatalog, type CatalogSite } from './catalog.ts';
import { SiteTemplateError, profileUrl, searchUrl } from './templates.ts';

const catalog = loadSiteCatalog();
const searchSites = catalog.sites.filter((site) => site.search);
const profileSites = catalog.sites.filter((site) => site.profile);

function site(id: string): CatalogSite {
  const found = findSite(catalog, id);
  if (!found) throw new Error(`no site ${id} in the catalog`);
  return found;
}

/** The part of an expanded URL that stands where the placeholder was. */
function expandedPart(template: string, placeholder: string, url: string): string {
  const [prefix = '', suffix = ''] = template.split(placeholder);
  expect(url.startsWith(prefix), `${url} starts with ${prefix}`).toBe(true);
  expect(url.endsWith(suffix), `${url} ends with ${suffix}`).toBe(true);
  return url.slice(prefix.length, url.length - suffix.length);
}

/** Characters encodeURIComponent leaves alone, plus % escapes and the space joiners. */
const SAFE_PART = /^[A-Za-z0-9\-_.!~*'()%+]+$/;

const QUERY = 'jane doe & ünïcode/?#=%+ "x"';

describe('searchUrl', () => {
  it.each(searchSites.map((entry) => [entry.id, entry] as const))(
    '%s: expands the query so it decodes back and cannot break out of its place',
    (_id, entry) => {
      const template = entry.search?.url ?? '';
      const url = searchUrl(entry, QUERY);
      const part = expandedPart(template, '{query}', url);
      expect(part).toMatch(SAFE_PART);
      const spaces = entry.search?.spaces;
      const joiner = spaces === 'plus' ? '+' : spaces === 'underscore' ? '_' : '%20';
      expect(part.split(joiner).map((word) => decodeURIComponent(word))).toEqual(QUERY.split(' '));
      const parsed = new URL(url);
      expect(parsed.origin).toBe(new URL(template.replace('{query}', 'x')).origin);
      expect(parsed.hash).toBe('');
    },
  );

  it('writes spaces as the site expects', () => {
    expect(searchUrl(site('xvideos'), 'jane doe')).toBe('https://www.xvideos.com/?k=jane+doe');
    expect(searchUrl(site('coomer'), 'jane doe')).toBe('https://coomer.st/posts?q=jane%20doe');
    expect(searchUrl(site('gelbooru'), 'jane doe')).toBe(
      'https://gelbooru.com/index.php?page=post&s=list&tags=jane_doe',
    );
    expect(searchUrl(site('4plebs'), 'jane doe')).toBe(
      'https://archive.4plebs.org/_/search/text/jane%20doe/',
    );
  });

  it('keeps the rest of the query string intact and encodes & and unicode', () => {
    const url = searchUrl(site('socialmediagirls'), 'Jane & Zoë');
    expect(url).toBe(
      'https://forums.socialmediagirls.com/search/search?keywords=Jane+%26+Zo%C3%AB&o=date',
    );
    const params = new URL(url).searchParams;
    expect(params.get('keywords')).toBe('Jane & Zoë');
    expect(params.get('o')).toBe('date');
    expect(new URL(searchUrl(site('reddit'), 'a&sort=top')).searchParams.get('sort')).toBe('new');
  });

  it('encodes a query in a path so it stays one segment', () => {
    expect(searchUrl(site('xhamster'), 'jane/doe ✓')).toBe(
      'https://xhamster.com/search/jane%2Fdoe+%E2%9C%93',
    );
  });

  it('normalises Unicode and collapses whitespace', () => {
    const decomposed = 'Zoe\u0308  \t jane';
    expect(searchUrl(site('coomer'), decomposed)).toBe('https://coomer.st/posts?q=Zo%C3%AB%20jane');
  });

  it('refuses an empty query and a site without a search page', () => {
    expect(() => searchUrl(site('xvideos'), '   ')).toThrow(SiteTemplateError);
    expect(() => searchUrl(site('instagram'), 'jane')).toThrow(/Instagram has no search page/);
  });

  it('does not treat $ patterns in the value as replacement patterns', () => {
    const custom = parseSiteCatalog({
      version: 1,
      sites: [
        {
          id: 'dollar',
          name: 'Dollar',
          kind: 'forum',
          baseUrl: 'https://dollar.example',
          search: { url: 'https://dollar.example/s?q={query}', results: { item: 'li', link: 'a' } },
        },
      ],
    }).sites[0];
    if (!custom) throw new Error('no site');
    expect(searchUrl(custom, "$& $' $`")).toBe("https://dollar.example/s?q=%24%26%20%24'%20%24%60");
  });
});

describe('profileUrl', () => {
  it.each(profileSites.map((entry) => [entry.id, entry] as const))(
    '%s: expands a username with dots, underscores, & and unicode',
    (_id, entry) => {
      const template = entry.profile?.url ?? '';
      for (const username of ['jane.doe_01', 'jäne&co', 'jane/../admin']) {
        const url = profileUrl(entry, username);
        const part = expandedPart(template, '{username}', url);
        expect(part).toMatch(SAFE_PART);
        expect(decodeURIComponent(part)).toBe(username);
        expect(new URL(url).origin).toBe(new URL(template.replace('{username}', 'x')).origin);
      }
    },
  );

  it('builds the real profile addresses', () => {
    expect(profileUrl(site('instagram'), 'janedoe.vip')).toBe(
      'https://www.instagram.com/janedoe.vip/',
    );
    expect(profileUrl(site('tiktok'), '@janedoe')).toBe('https://www.tiktok.com/@janedoe');
    expect(profileUrl(site('telegram-preview'), 'janedoeleaks')).toBe(
      'https://t.me/s/janedoeleaks',
    );
    expect(profileUrl(site('tgstat'), '@janedoeleaks')).toBe(
      'https://tgstat.com/channel/@janedoeleaks',
    );
    expect(profileUrl(site('planetsuzy'), 'Jane Doe'.replace(' ', '_'))).toBe(
      'https://www.planetsuzy.org/member.php?username=Jane_Doe',
    );
    expect(profileUrl(site('bluesky'), 'jane.bsky.social')).toBe(
      'https://bsky.app/profile/jane.bsky.social',
    );
  });

  it('encodes unicode after NFC normalisation', () => {
    expect(profileUrl(site('x'), 'zoe\u0308')).toBe('https://x.com/zo%C3%AB');
  });

  it('refuses an empty username, one with spaces and a site without a profile page', () => {
    expect(() => profileUrl(site('x'), ' @ ')).toThrow(SiteTemplateError);
    expect(() => profileUrl(site('x'), 'jane doe')).toThrow(/cannot contain spaces/);
    expect(() => profileUrl(site('rule34'), 'jane')).toThrow(/Rule 34 has no profile page/);
  });
});
