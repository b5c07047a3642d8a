import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CATALOG_VERSION,
  SITE_KINDS,
  SiteCatalogError,
  TEMPLATE_KINDS,
  findSiteByUrl,
  loadSiteCatalog,
  parseSiteCatalog,
} from './catalog.ts';

const catalog = loadSiteCatalog();

function problemsOf(data: unknown): string[] {
  try {
    parseSiteCatalog(data);
  } catch (error) {
    if (error instanceof SiteCatalogError) return error.problems;
    throw error;
  }
  throw new Error('the catalog was accepted');
}

/** A minimal valid entry to break one field at a time. */
function entry(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: `Site ${id}`,
    kind: 'tube',
    baseUrl: `https://${id}.example`,
    search: {
      url: `https://${id}.example/search?q={query}`,
      results: { item: '.result', link: 'a' },
    },
    ...overrides,
  };
}

describe('the shipped site catalog', () => {
  it('validates and is version 1', () => {
    expect(catalog.version).toBe(CATALOG_VERSION);
    expect(catalog.version).toBe(1);
  });

  it('has at least 15 sites with distinct ids', () => {
    expect(catalog.sites.length).toBeGreaterThanOrEqual(15);
    expect(new Set(catalog.sites.map((site) => site.id)).size).toBe(catalog.sites.length);
  });

  it.each(
    SITE_KINDS.flatMap((kind) => TEMPLATE_KINDS.map((template) => [kind, template] as const)),
  )('has a %s site with a %s template', (kind, template) => {
    expect(catalog.sites.some((site) => site.kind === kind && site[template] !== undefined)).toBe(
      true,
    );
  });

  it('keeps every template on https with its one placeholder', () => {
    for (const site of catalog.sites) {
      if (site.search) expect(site.search.url.split('{query}')).toHaveLength(2);
      if (site.profile) expect(site.profile.url.split('{username}')).toHaveLength(2);
      for (const url of [site.baseUrl, site.search?.url, site.profile?.url]) {
        if (url !== undefined) expect(url.startsWith('https://'), `${site.id}: ${url}`).toBe(true);
      }
    }
  });

  it('names a DMCA contact only as an https page or an email address', () => {
    const contacts = catalog.sites.flatMap((site) => (site.dmca ? [site.dmca] : []));
    expect(contacts.length).toBeGreaterThan(0);
    for (const contact of contacts) {
      if (contact.url !== undefined) expect(new URL(contact.url).protocol).toBe('https:');
      if (contact.email !== undefined) expect(contact.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    }
  });

  it('names an impersonation channel for the big social networks, as an https page or an email', () => {
    for (const id of ['x', 'instagram', 'tiktok', 'facebook']) {
      const site = catalog.sites.find((entry) => entry.id === id);
      expect(site?.kind, id).toBe('social-network');
      expect(site?.impersonation?.url ?? site?.impersonation?.email, id).toBeDefined();
    }
    for (const site of catalog.sites) {
      if (site.impersonation?.url !== undefined) {
        expect(new URL(site.impersonation.url).protocol).toBe('https:');
      }
    }
  });
});

describe('findSiteByUrl', () => {
  it('finds the site of a page on its own domain, with or without www, and on its subdomains', () => {
    expect(findSiteByUrl(catalog, 'https://www.pornhub.com/view_video.php?viewkey=1')?.id).toBe(
      'pornhub',
    );
    expect(findSiteByUrl(catalog, 'https://pornhub.com/x')?.id).toBe('pornhub');
    expect(findSiteByUrl(catalog, 'https://de.pornhub.com/x')?.id).toBe('pornhub');
    expect(findSiteByUrl(catalog, 'https://T.ME./s/channel')?.id).toBe('telegram-preview');
  });

  it('finds the site of a page on one of its other hosts (mirrors, media hosts)', () => {
    expect(findSiteByUrl(catalog, 'https://twitter.com/someone/status/1')?.id).toBe('x');
    expect(findSiteByUrl(catalog, 'https://pbs.twimg.com/media/abc.jpg')?.id).toBe('x');
    expect(findSiteByUrl(catalog, 'https://scontent.cdninstagram.com/v/t51/abc.jpg')?.id).toBe(
      'instagram',
    );
    expect(findSiteByUrl(catalog, 'https://coomer.su/onlyfans/user/someone')?.id).toBe('coomer');
  });

  it('matches whole labels only and answers undefined for other sites', () => {
    expect(findSiteByUrl(catalog, 'https://notpornhub.com/')).toBeUndefined();
    expect(findSiteByUrl(catalog, 'https://pornhub.com.evil.example/')).toBeUndefined();
    expect(findSiteByUrl(catalog, 'https://leaks.example/')).toBeUndefined();
    expect(findSiteByUrl(catalog, 'not a url')).toBeUndefined();
  });

  it('prefers the longest matching name and keeps loopback stand-ins apart by port', () => {
    const custom = parseSiteCatalog({
      version: 1,
      sites: [
        entry('parent', { baseUrl: 'https://board.example' }),
        entry('child', { baseUrl: 'https://forums.board.example' }),
        entry('local-a', {
          baseUrl: 'http://127.0.0.1:4301',
          search: { url: 'http://127.0.0.1:4301/s?q={query}', results: { item: '.r', link: 'a' } },
        }),
        entry('local-b', {
          baseUrl: 'http://127.0.0.1:4302',
          search: { url: 'http://127.0.0.1:4302/s?q={query}', results: { item: '.r', link: 'a' } },
        }),
      ],
    });
    expect(findSiteByUrl(custom, 'https://forums.board.example/t/1')?.id).toBe('child');
    expect(findSiteByUrl(custom, 'https://www.board.example/t/1')?.id).toBe('parent');
    expect(findSiteByUrl(custom, 'http://127.0.0.1:4302/post/1')?.id).toBe('local-b');
    expect(findSiteByUrl(custom, 'http://127.0.0.1:4303/post/1')).toBeUndefined();
  });
});

describe('parseSiteCatalog', () => {
  it('accepts a minimal catalog and fills the default space style', () => {
    const parsed = parseSiteCatalog({ version: 1, sites: [entry('good')] });
    expect(parsed.sites[0]?.search?.spaces).toBe('percent');
  });

  it('rejects a malformed catalog, listing every bad entry by index and id at once', () => {
    const problems = problemsOf({
      version: 1,
      sites: [
        entry('fine'),
        entry('no-placeholder', {
          search: { url: 'https://np.example/search?q=jane', results: { item: '.r', link: 'a' } },
        }),
        entry('plain-http', { baseUrl: 'http://plain.example' }),
        entry('odd-kind', { kind: 'blog' }),
        entry('fine'),
        entry('no-templates', { search: undefined }),
        entry('bad-selectors', {
          profile: {
            url: 'https://bs.example/u/{username}',
            results: { item: '', link: { css: 'a', attributes: [] } },
          },
        }),
        entry('host-placeholder', {
          search: undefined,
          profile: { url: 'https://{username}.example/', identity: { avatar: 'img' } },
        }),
        entry('bad-dmca', { dmca: {} }),
        entry('Bad_Id'),
        entry('extra-key', { notes: 'unknown keys are typos' }),
      ],
    });
    const text = problems.join('\n');
    expect(text).toContain(
      'sites[1] (no-placeholder) search.url: must contain {query} exactly once',
    );
    expect(text).toContain('sites[2] (plain-http) baseUrl');
    expect(text).toContain('sites[3] (odd-kind) kind');
    expect(text).toContain('sites[4] (fine) id: repeats the id of sites[0]');
    expect(text).toContain(
      'sites[5] (no-templates): must have a search template, a profile template or both',
    );
    expect(text).toContain('sites[6] (bad-selectors) profile.results.item: must be a CSS selector');
    expect(text).toContain('sites[6] (bad-selectors) profile.results.link');
    expect(text).toContain(
      'sites[7] (host-placeholder) profile.url: must keep {username} out of the host',
    );
    expect(text).toContain('sites[8] (bad-dmca) dmca: must have a url or an email');
    expect(text).toContain('sites[9] (Bad_Id) id: must be lower-case words joined by hyphens');
    expect(text).toContain('sites[10] (extra-key)');
    expect(problems.filter((problem) => problem.startsWith('sites[0]'))).toEqual([]);
    expect(problems).toHaveLength(11);
  });

  it('rejects an unknown version, unknown placeholders and a profile with nothing to read', () => {
    const problems = problemsOf({
      version: 2,
      sites: [
        entry('two-placeholders', {
          search: {
            url: 'https://tp.example/{lang}/search?q={query}',
            results: { item: '.r', link: 'a' },
          },
        }),
        entry('empty-profile', { profile: { url: 'https://ep.example/{username}' } }),
      ],
    });
    expect(problems).toContain('version: Invalid input: expected 1');
    expect(problems).toContain(
      'sites[0] (two-placeholders) search.url: has an unknown placeholder {lang}',
    );
    expect(problems).toContain(
      'sites[1] (empty-profile) profile: must have result selectors, identity selectors or both',
    );
  });

  it('accepts plain http on an onion service, where Tor encrypts the connection', () => {
    const onion = 'http://shadowleaksxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.onion';
    const hidden = entry('hidden', {
      baseUrl: onion,
      search: { url: `${onion}/search?q={query}`, results: { item: '.r', link: 'a' } },
    });
    expect(parseSiteCatalog({ version: 1, sites: [hidden] }).sites[0]?.baseUrl).toBe(onion);
    expect(
      problemsOf({
        version: 1,
        sites: [entry('fake', { baseUrl: 'http://onion.example.com' })],
      }),
    ).toEqual([
      'sites[0] (fake) baseUrl: must be an https URL (plain http only on an onion service or a loopback address)',
    ]);
  });

  it('accepts plain http only on a loopback address (local stand-ins of tests and the demo)', () => {
    const local = entry('local', {
      baseUrl: 'http://127.0.0.1:4301',
      search: { url: 'http://127.0.0.1:4301/search?q={query}', results: { item: '.r', link: 'a' } },
    });
    expect(parseSiteCatalog({ version: 1, sites: [local] }).sites[0]?.baseUrl).toBe(
      'http://127.0.0.1:4301',
    );
    const problems = problemsOf({
      version: 1,
      sites: [
        entry('lan', {
          baseUrl: 'http://10.0.0.1',
          search: { url: 'http://10.0.0.1/search?q={query}', results: { item: '.r', link: 'a' } },
        }),
      ],
    });
    expect(problems).toEqual([
      'sites[0] (lan) baseUrl: must be an https URL (plain http only on an onion service or a loopback address)',
      'sites[0] (lan) search.url: must be an https URL (plain http only on an onion service or a loopback address)',
    ]);
  });

  it('rejects bad hosts, a host claimed by two sites and an empty impersonation channel', () => {
    const problems = problemsOf({
      version: 1,
      sites: [
        entry('one', { hosts: ['mirror.example', 'one-cdn.example'] }),
        entry('two', { hosts: ['mirror.example'] }),
        entry('three', { hosts: ['https://three.example/', 'UPPER.example', 'nodot'] }),
        entry('four', { hosts: [] }),
        entry('five', { baseUrl: 'https://www.one.example', impersonation: {} }),
        entry('six', { impersonation: { url: 'http://six.example/report' } }),
      ],
    });
    expect(problems).toHaveLength(6);
    const text = problems.join('\n');
    expect(text).toContain('sites[2] (three) hosts.0: must be a lower-case host name');
    expect(text).toContain('sites[2] (three) hosts.1: must be a lower-case host name');
    expect(text).toContain('sites[2] (three) hosts.2: must be a lower-case host name');
    expect(text).toContain('sites[3] (four) hosts: must name at least one host when present');
    expect(text).toContain('sites[4] (five) impersonation: must have a url or an email');
    expect(text).toContain('sites[5] (six) impersonation.url');
    // Only reported once the entries themselves are valid.
    const clashes = problemsOf({
      version: 1,
      sites: [
        entry('one', { hosts: ['mirror.example'] }),
        entry('two', { hosts: ['mirror.example'] }),
        entry('three', { baseUrl: 'https://www.one.example' }),
      ],
    });
    expect(clashes).toEqual([
      'sites[1] (two) hosts: mirror.example already belongs to sites[0] (one)',
      'sites[2] (three) hosts: one.example already belongs to sites[0] (one)',
    ]);
  });

  it('rejects data that is not a catalog at all', () => {
    expect(problemsOf(null)).toHaveLength(1);
    expect(problemsOf({ version: 1, sites: [] })[0]).toMatch(/^sites:/);
  });

  it('says which file is not JSON', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'site-catalog-')), 'catalog.json');
    writeFileSync(file, '{ "version": 1, ');
    expect(() => loadSiteCatalog(file)).toThrow(SiteCatalogError);
    expect(() => loadSiteCatalog(file)).toThrow(/catalog\.json is not JSON/);
  });

  it('lists the problems in the error message itself', () => {
    expect(() =>
      parseSiteCatalog({ version: 1, sites: [entry('bad-dmca', { dmca: {} })] }),
    ).toThrow(
      /The site catalog is invalid:\n- sites\[0\] \(bad-dmca\) dmca: must have a url or an email/,
    );
  });
});
