// Recipients of a page on an onion service: nothing is resolved or asked of RDAP; the site's own
// contact from the catalog is the only recipient, and without one there is none.
import { describe, expect, it } from 'vitest';
import { parseSiteCatalog } from '../discovery/site-catalog/catalog.ts';
import { createRecipientResolver } from './recipient-resolver.ts';

const ONION = 'shadowleaksaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.onion';
const catalog = parseSiteCatalog({
  version: 1,
  sites: [
    {
      id: 'shadow',
      name: 'Shadow Leaks',
      kind: 'forum',
      baseUrl: `http://${ONION}`,
      dmca: { email: 'takedowns@shadowleaks.example' },
      search: { url: `http://${ONION}/search?q={query}`, results: { item: '.r', link: 'a' } },
    },
  ],
});

describe('recipients of an onion page', () => {
  const asked: string[] = [];
  const resolver = createRecipientResolver({
    catalog,
    resolve: (host) => {
      asked.push(host);
      return Promise.resolve(['203.0.113.5']);
    },
    fetchJson: (url) => {
      asked.push(url);
      return Promise.reject(new Error('no RDAP for onion services'));
    },
  });

  it("names only the site's own contact, and looks nothing up", async () => {
    const found = await resolver.lookup(`http://${ONION}/t/1`);
    expect(found.recipients.map((r) => r.channel)).toEqual([
      { kind: 'email', address: 'takedowns@shadowleaks.example' },
    ]);
    expect(found.addresses).toEqual([]);
    expect(found.domain).toBeNull();
    expect(found.siteId).toBe('shadow');
    expect(asked).toEqual([]);
  });

  it('has no recipient for an onion site without a known contact, and says why', async () => {
    const other = 'unknowndropbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.onion';
    const found = await resolver.lookup(`http://${other}/f/1`);
    expect(found.recipients).toEqual([]);
    expect(found.problems).toEqual([
      `${other} is a Tor onion service: it has no host or registrar to write to, and no contact of its own is known.`,
    ]);
    expect(asked).toEqual([]);
  });
});
