// Ahmia's result page as it is served (li.result, links through /search/redirect), and the source off
// without Tor.
import { describe, expect, it } from 'vitest';
import { createAhmiaSource, parseAhmiaResults } from './ahmia.ts';
import { DiscoverySourceError } from './source.ts';

const ONION = 'http://abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrstuvwx.onion';
const PAGE = `<!doctype html><html><body><ol class="searchResults">
<li class="result">
  <h4><a href="/search/redirect?search_term=luna&redirect_url=${encodeURIComponent(`${ONION}/t/1`)}">Luna   leaked</a></h4>
  <p>Thread</p><p class="urlinfo"><cite>${ONION}/t/1</cite></p>
</li>
<li class="result">
  <h4><a href="${ONION}/t/2">Second</a></h4><p class="urlinfo"><cite>${ONION}/t/2</cite></p>
</li>
<li class="result"><h4><a href="/search/redirect?redirect_url=https%3A%2F%2Fclearnet.example%2F">Clearnet</a></h4></li>
<li class="result"><h4><a href="/search/redirect?redirect_url=${encodeURIComponent(`${ONION}/t/1`)}">Again</a></h4></li>
</ol></body></html>`;

describe('Ahmia', () => {
  it('reads the onion address of each result once, through the redirect link or as it stands', () => {
    expect(parseAhmiaResults(PAGE)).toEqual([
      { url: `${ONION}/t/1`, title: 'Luna leaked' },
      { url: `${ONION}/t/2`, title: 'Second' },
    ]);
    expect(parseAhmiaResults('<div id="noResults">Sorry</div>')).toEqual([]);
  });

  it('is off without Tor and sends nothing', async () => {
    let calls = 0;
    const source = createAhmiaSource({
      hasTor: false,
      fetch: () => {
        calls++;
        return Promise.resolve(new Response(PAGE));
      },
    });
    expect(source.isDarkWeb).toBe(true);
    expect(source.status()).toEqual({
      enabled: false,
      reason: 'Ahmia (onion search) is off: dark web scanning needs TOR_SOCKS_URL.',
    });
    await expect(source.search('luna')).rejects.toBeInstanceOf(DiscoverySourceError);
    expect(calls).toBe(0);
  });

  it('searches /search/?q= with Tor and answers its results, one page only', async () => {
    const asked: string[] = [];
    const source = createAhmiaSource({
      hasTor: true,
      endpoint: ONION,
      fetch: (url) => {
        asked.push(url);
        return Promise.resolve(new Response(PAGE, { headers: { 'content-type': 'text/html' } }));
      },
    });
    const answer = await source.search('luna fox');
    expect(asked).toEqual([`${ONION}/search/?q=luna+fox`]);
    expect(answer.results.map((r) => [r.url, r.source])).toEqual([
      [`${ONION}/t/1`, 'ahmia'],
      [`${ONION}/t/2`, 'ahmia'],
    ]);
    expect(answer.hasMore).toBe(false);
    expect((await source.search('luna', { page: 1 })).queriesUsed).toBe(0);
    await expect(source.search('  ')).rejects.toMatchObject({ code: 'invalid-input' });
  });
});
