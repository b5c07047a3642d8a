import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  openSearchDescriptions,
  openSearchTemplate,
  readSitemap,
  searchFormTemplates,
  searchUrlOf,
  sitemapsInRobots,
} from './site-entry-points.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('readSitemap', () => {
  it('lists a urlset’s pages once each, trimmed and decoded, http(s) only', () => {
    const sitemap = readSitemap(fixture('sitemap.xml'), 'https://pixvault.example/sitemap.xml');
    expect(sitemap).toEqual({
      pages: [
        'https://pixvault.example/',
        'https://pixvault.example/gallery/88',
        'https://pixvault.example/gallery/89?x=1&y=2',
      ],
      sitemaps: [],
    });
  });

  it('lists a sitemap index’s sitemaps, relative ones made absolute', () => {
    const sitemap = readSitemap(
      fixture('sitemap-index.xml'),
      'https://pixvault.example/sitemap.xml',
    );
    expect(sitemap).toEqual({
      pages: [],
      sitemaps: [
        'https://pixvault.example/sitemaps/galleries-1.xml',
        'https://pixvault.example/sitemaps/users-1.xml',
      ],
    });
  });

  it('reads a sitemap whose whitespace was collapsed, and gives nothing for other text', () => {
    const collapsed = fixture('sitemap.xml').replace(/\s+/g, ' ');
    expect(readSitemap(collapsed, 'https://pixvault.example/sitemap.xml').pages).toHaveLength(3);
    expect(readSitemap('<html><p>hi</p></html>', 'https://pixvault.example/sitemap.xml')).toEqual({
      pages: [],
      sitemaps: [],
    });
  });
});

describe('sitemapsInRobots', () => {
  it('reads Sitemap lines, as written or run together', () => {
    const robots = [
      'User-agent: *',
      'Disallow: /private/',
      'Sitemap: https://pixvault.example/sitemap-a.xml',
      'sitemap:/sitemap-b.xml',
      '# Sitemap: is a comment word here',
    ].join('\n');
    const expected = [
      'https://pixvault.example/sitemap-a.xml',
      'https://pixvault.example/sitemap-b.xml',
    ];
    expect(sitemapsInRobots(robots, 'https://pixvault.example/robots.txt')).toEqual(
      expect.arrayContaining(expected),
    );
    expect(
      sitemapsInRobots(robots.replace(/\s+/g, ' '), 'https://pixvault.example/robots.txt'),
    ).toEqual(expect.arrayContaining(expected));
    expect(sitemapsInRobots('User-agent: *\nDisallow:', 'https://x.example/robots.txt')).toEqual(
      [],
    );
  });
});

describe('searchFormTemplates', () => {
  const templates = searchFormTemplates(
    fixture('home-with-search.html'),
    'https://pixvault.example/',
  );

  it('turns each GET form with a search box into a URL template, its hidden and chosen fields kept', () => {
    expect(templates).toEqual([
      'https://pixvault.example/search?type=all&term={searchTerms}&safe=0&in=tags',
      'https://pixvault.example/find?q={searchTerms}',
    ]);
  });

  it('fills a template for a query', () => {
    expect(searchUrlOf(templates[0]!, 'luna fox')).toBe(
      'https://pixvault.example/search?type=all&term=luna%20fox&safe=0&in=tags',
    );
  });

  it('finds no template on a page without a search form', () => {
    expect(searchFormTemplates(fixture('forum-thread.html'), 'https://x.example/')).toEqual([]);
  });

  it('uses the page itself when the form has no action', () => {
    expect(
      searchFormTemplates(
        '<form><input name="s"></form>',
        'https://blog.example/archive/?page=2#top',
      ),
    ).toEqual(['https://blog.example/archive/?s={searchTerms}']);
  });
});

describe('OpenSearch', () => {
  it('finds the description a page links to', () => {
    expect(
      openSearchDescriptions(fixture('home-with-search.html'), 'https://pixvault.example/'),
    ).toEqual(['https://pixvault.example/opensearch.xml']);
    expect(openSearchDescriptions(fixture('forum-thread.html'), 'https://x.example/')).toEqual([]);
  });

  it('reads the HTML results template and fills it for a query', () => {
    const template = openSearchTemplate(
      fixture('opensearch.xml'),
      'https://pixvault.example/opensearch.xml',
    );
    expect(template).toBe(
      'https://pixvault.example/search?q={searchTerms}&page={startPage?}&n={count}&lang={language}',
    );
    expect(searchUrlOf(template!, 'luna_fox')).toBe(
      'https://pixvault.example/search?q=luna_fox&page=&n=20&lang=*',
    );
  });

  it('makes a relative template absolute and keeps its placeholders', () => {
    const xml =
      '<OpenSearchDescription><Url type="text/html" template="/find/{searchTerms}"/></OpenSearchDescription>';
    const template = openSearchTemplate(xml, 'https://pixvault.example/os.xml');
    expect(searchUrlOf(template!, 'a b')).toBe('https://pixvault.example/find/a%20b');
  });

  it('has no template when only feeds are offered', () => {
    const xml =
      '<OpenSearchDescription><Url type="application/atom+xml" template="/f?q={searchTerms}"/></OpenSearchDescription>';
    expect(openSearchTemplate(xml, 'https://pixvault.example/os.xml')).toBeNull();
  });
});
