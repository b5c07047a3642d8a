import { describe, expect, it } from 'vitest';
import { loadSiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { distinctHttpUrls, isHttpUrl, siteById, siteOfUrl, urlTaskKey } from './scan-urls.ts';

const catalog = loadSiteCatalog();

describe('urlTaskKey', () => {
  it('gives the same key to the forms of one address', () => {
    expect(urlTaskKey('https://www.Example.com/Page?b=2&a=1')).toBe(
      urlTaskKey('http://example.com/page?a=1&b=2'),
    );
    expect(urlTaskKey('https://example.com/a')).not.toBe(urlTaskKey('https://example.com/b'));
  });

  it('hashes a long address', () => {
    const key = urlTaskKey(`https://example.com/${'x'.repeat(400)}`);
    expect(key).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

describe('isHttpUrl and distinctHttpUrls', () => {
  it('keeps web addresses, each canonical address once, in order', () => {
    expect(isHttpUrl('ftp://example.com/a')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
    expect(
      distinctHttpUrls([
        'https://example.com/a.jpg',
        'data:image/png;base64,AAAA',
        'https://www.example.com/a.jpg',
        'https://example.com/b.jpg',
      ]),
    ).toEqual(['https://example.com/a.jpg', 'https://example.com/b.jpg']);
  });
});

describe('siteOfUrl', () => {
  const site = catalog.sites[0]!;
  const host = new URL(site.baseUrl).host.replace(/^www\./, '');

  it('finds the catalog site of an address on its host or a subdomain', () => {
    expect(siteOfUrl(catalog, `https://${host}/some/page`)).toEqual({
      siteId: site.id,
      siteKind: site.kind,
      name: site.name,
    });
    expect(siteOfUrl(catalog, `https://cdn.${host}/x.jpg`).siteId).toBe(site.id);
    expect(siteById(catalog, site.id)).toBe(site);
  });

  it('calls an address elsewhere other, by its bare host', () => {
    expect(siteOfUrl(catalog, 'https://www.not-in-the-catalog.example/page')).toEqual({
      siteId: null,
      siteKind: 'other',
      name: 'not-in-the-catalog.example',
    });
    expect(siteById(catalog, null)).toBeUndefined();
  });
});
