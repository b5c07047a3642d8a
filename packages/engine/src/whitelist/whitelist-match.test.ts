import { describe, expect, it } from 'vitest';
import { parseWhitelistEntry, type WhitelistKind } from './whitelist-entry.ts';
import { createWhitelistMatcher, whitelistMatch } from './whitelist-match.ts';

type Entry = { id: string; kind: WhitelistKind; value: string; input: string };

function entry(input: string, kind?: WhitelistKind): Entry {
  const parsed = parseWhitelistEntry(input, kind);
  if (!parsed.ok) throw new Error(`${input}: ${parsed.message}`);
  return { id: input, kind: parsed.entry.kind, value: parsed.entry.value, input };
}

function coveredBy(url: string, ...entries: Entry[]): string | null {
  return whitelistMatch(url, entries)?.entry.id ?? null;
}

function reasonFor(url: string, ...entries: Entry[]): string | undefined {
  return whitelistMatch(url, entries)?.reason;
}

describe('domain entries', () => {
  const domain = entry('example.com');

  it('cover the domain and every subdomain, on any path, port and scheme', () => {
    for (const url of [
      'https://example.com/',
      'http://example.com',
      'https://www.example.com/anything?x=1',
      'https://a.b.example.com/deep/path',
      'https://EXAMPLE.COM./x',
      'https://example.com:8443/x',
      'example.com/no-scheme',
    ]) {
      expect(coveredBy(url, domain), url).toBe('example.com');
    }
  });

  it('do not cover look-alike hosts', () => {
    for (const url of [
      'https://example.com.evil.net/',
      'https://notexample.com/',
      'https://example.co/',
      'https://example.community/',
      'https://evil.net/example.com',
      'https://evil.net/?u=https://example.com',
      'https://evil-example.com/',
      'https://exampl.com/',
    ]) {
      expect(coveredBy(url, domain), url).toBeNull();
    }
  });

  it('go by the host the URL parser reaches, not by text before @', () => {
    expect(coveredBy('https://example.com@evil.net/', domain)).toBeNull();
    expect(coveredBy('https://example.com:pass@evil.net/', domain)).toBeNull();
    expect(coveredBy('https://user@example.com/', domain)).toBe('example.com');
    // Browsers read "\" as "/": this request goes to example.com.
    expect(coveredBy('https://example.com\\@evil.net/', domain)).toBe('example.com');
    expect(coveredBy('https://ex%61mple.com/', domain)).toBe('example.com');
  });

  it('explain themselves', () => {
    expect(reasonFor('https://www.example.com/', domain)).toBe(
      'the domain example.com covers its subdomain www.example.com',
    );
    expect(reasonFor('https://example.com/x', domain)).toBe(
      'the address is on the whitelisted domain example.com',
    );
  });

  it('with www. cover the bare name but not other subdomains', () => {
    const www = entry('www.example.com');
    expect(coveredBy('https://example.com/', www)).toBe('www.example.com');
    expect(reasonFor('https://example.com/', www)).toBe(
      'the domain www.example.com covers example.com: with or without www. it is the same site',
    );
    expect(coveredBy('https://m.www.example.com/', www)).toBe('www.example.com');
    expect(coveredBy('https://shop.example.com/', www)).toBeNull();
  });

  it('match internationalised names in either form', () => {
    const idn = entry('bücher.example');
    expect(coveredBy('https://xn--bcher-kva.example/', idn)).toBe('bücher.example');
    expect(coveredBy('https://shop.BÜCHER.example/', idn)).toBe('bücher.example');
    expect(reasonFor('https://shop.xn--bcher-kva.example/', idn)).toBe(
      'the domain bücher.example covers its subdomain shop.bücher.example',
    );
    expect(coveredBy('https://bucher.example/', idn)).toBeNull();
    const ascii = entry('xn--bcher-kva.example');
    expect(coveredBy('https://bücher.example/x', ascii)).toBe('xn--bcher-kva.example');
  });

  it('for an IPv6 address match it, with its port kept apart', () => {
    const url = entry('http://[2001:db8::1]/promo');
    expect(url.value).toBe('[2001:db8::1]/promo');
    expect(coveredBy('https://[2001:DB8:0::1]/promo/', url)).not.toBeNull();
    expect(coveredBy('https://[2001:db8::1]:8080/promo', url)).toBeNull();
    const pattern = entry('[2001:db8::1]:8080/u/*');
    expect(pattern.value).toBe('[2001:db8::1]:8080/u/*');
    expect(coveredBy('http://[2001:db8::1]:8080/u/me', pattern)).not.toBeNull();
    expect(coveredBy('http://[2001:db8::1]/u/me', pattern)).toBeNull();
  });

  it('for an IP address match only that address', () => {
    const ip = entry('192.0.2.10');
    expect(coveredBy('http://192.0.2.10:8080/x', ip)).toBe('192.0.2.10');
    expect(coveredBy('http://192.0.2.1/', ip)).toBeNull();
    expect(coveredBy('http://1.192.0.2.10/', ip)).toBeNull();
  });
});

describe('URL entries', () => {
  const page = entry('https://example.com/page');

  it('cover the same page written differently', () => {
    for (const url of [
      'https://example.com/page',
      'http://example.com/page',
      'https://example.com/page/',
      'https://www.example.com/page',
      'https://example.com:443/page',
      'http://example.com:443/page',
      'https://example.com/page#top',
      'https://example.com/page?utm_source=twitter&utm_campaign=x',
      'https://example.com/page?fbclid=IwAR123',
      'https://example.com/Page',
      'https://example.com/%70age',
      'https://example.com/x/../page',
      'https://EXAMPLE.com/page',
    ]) {
      expect(coveredBy(url, page), url).toBe('https://example.com/page');
    }
  });

  it('do not cover other pages, queries, ports or hosts', () => {
    for (const url of [
      'https://example.com/page2',
      'https://example.com/page/2',
      'https://example.com/pag',
      'https://example.com/',
      'https://example.com/page?id=1',
      'https://example.com/page?ref=someone',
      'https://example.com:8080/page',
      'https://shop.example.com/page',
      'https://example.com.evil.net/page',
      'https://example.com@evil.net/page',
      'https://evil.net/https://example.com/page',
    ]) {
      expect(coveredBy(url, page), url).toBeNull();
    }
  });

  it('with a query match that query in any order, and only it', () => {
    const join = entry('https://example.com/join?ref=me&plan=gold');
    expect(coveredBy('https://example.com/join?plan=gold&ref=me', join)).not.toBeNull();
    expect(
      coveredBy('https://example.com/join?ref=me&plan=gold&utm_medium=bio', join),
    ).not.toBeNull();
    expect(coveredBy('https://example.com/join?ref=me', join)).toBeNull();
    expect(coveredBy('https://example.com/join?ref=other&plan=gold', join)).toBeNull();
    expect(coveredBy('https://example.com/join', join)).toBeNull();
  });

  it('for a home page cover only the home page', () => {
    const home = entry('https://example.com/', 'url');
    expect(coveredBy('http://www.example.com', home)).not.toBeNull();
    expect(coveredBy('https://example.com/?utm_source=x', home)).not.toBeNull();
    expect(coveredBy('https://example.com/other', home)).toBeNull();
  });

  it('keep a non-default port apart', () => {
    const port = entry('example.com:8443/live');
    expect(coveredBy('https://example.com:8443/live/', port)).not.toBeNull();
    expect(coveredBy('https://example.com/live', port)).toBeNull();
  });

  it('match internationalised hosts and encoded paths in either form', () => {
    const idn = entry('https://bücher.example/Café');
    expect(coveredBy('http://xn--bcher-kva.example/caf%C3%A9', idn)).not.toBeNull();
    expect(coveredBy('https://www.BÜCHER.example/CAF%c3%a9/', idn)).not.toBeNull();
  });

  it('say what was ignored', () => {
    expect(reasonFor('https://example.com/page', page)).toBe(
      'the URL example.com/page matches exactly',
    );
    expect(reasonFor('https://example.com/page/', page)).toBe(
      'the URL example.com/page matches, ignoring the trailing slash',
    );
    expect(reasonFor('http://www.example.com/page/?utm_source=ig#bio', page)).toBe(
      'the URL example.com/page matches, ignoring http versus https, the www. prefix, the trailing slash, the tracking parameter utm_source and the #fragment',
    );
    expect(reasonFor('https://example.com/PAGE', page)).toBe(
      'the URL example.com/page matches, ignoring letter case',
    );
    expect(reasonFor('https://example.com/%70age', page)).toBe(
      'the URL example.com/page matches, ignoring how characters are percent-encoded',
    );
    expect(reasonFor('http://example.com:443/page', page)).toMatch(
      /ignoring http versus https and the default port$/,
    );
    const join = entry('https://example.com/join?a=1&b=2');
    expect(reasonFor('https://example.com/join?b=2&a=1', join)).toBe(
      'the URL example.com/join?a=1&b=2 matches, ignoring the order of the query parameters',
    );
  });
});

describe('pattern entries', () => {
  it('*.domain/folder/* covers the domain, its subdomains and everything under the folder', () => {
    const promo = entry('*.example.com/promo/*');
    for (const url of [
      'https://example.com/promo/spring',
      'https://www.example.com/promo/spring/',
      'https://a.b.example.com/promo/x/y?z=1',
      'https://example.com/promo',
      'https://example.com/promo/',
      'http://example.com/PROMO/Summer',
    ]) {
      expect(coveredBy(url, promo), url).toBe('*.example.com/promo/*');
    }
    for (const url of [
      'https://example.com/promotion',
      'https://example.com/other/promo/x',
      'https://example.com.evil.net/promo/x',
      'https://notexample.com/promo/x',
      'https://example.com@evil.net/promo/x',
      'https://evil.net/example.com/promo/x',
    ]) {
      expect(coveredBy(url, promo), url).toBeNull();
    }
    expect(reasonFor('https://shop.example.com/promo/x?utm_source=a', promo)).toBe(
      'the pattern *.example.com/promo/* matches this address, ignoring the tracking parameter utm_source',
    );
  });

  it('domain/u/* does not reach subdomains', () => {
    const profiles = entry('example.com/u/*');
    expect(coveredBy('https://example.com/u/alice', profiles)).not.toBeNull();
    expect(coveredBy('https://www.example.com/u/alice', profiles)).not.toBeNull();
    expect(coveredBy('https://cdn.example.com/u/alice', profiles)).toBeNull();
    expect(coveredBy('https://example.com/v/alice', profiles)).toBeNull();
  });

  it('* inside a label stays inside it', () => {
    const cdn = entry('cdn*.example.com');
    expect(coveredBy('https://cdn.example.com/a.jpg', cdn)).not.toBeNull();
    expect(coveredBy('https://cdn42.example.com/a.jpg', cdn)).not.toBeNull();
    expect(coveredBy('https://cdn.a.example.com/a.jpg', cdn)).toBeNull();
    expect(coveredBy('https://img.example.com/a.jpg', cdn)).toBeNull();
  });

  it('without a trailing * the path must end there; a query can be wildcarded', () => {
    const exact = entry('*.example.com/promo');
    expect(coveredBy('https://example.com/promo/', exact)).not.toBeNull();
    expect(coveredBy('https://example.com/promo/2', exact)).toBeNull();
    expect(coveredBy('https://example.com/promo?id=1', exact)).toBeNull();
    const anyQuery = entry('example.com/watch?v=*');
    expect(coveredBy('https://example.com/watch?v=abc', anyQuery)).not.toBeNull();
    expect(coveredBy('https://example.com/watch?v=abc&utm_source=x', anyQuery)).not.toBeNull();
    expect(coveredBy('https://example.com/watch?list=abc', anyQuery)).toBeNull();
    const prefix = entry('example.com/page*');
    expect(coveredBy('https://example.com/page?any=thing', prefix)).not.toBeNull();
    expect(coveredBy('https://example.com/pages/2', prefix)).not.toBeNull();
  });

  it('for a whole host cover any path', () => {
    const site = entry('*.example.com/');
    expect(coveredBy('https://example.com/a/b?c=d', site)).not.toBeNull();
    expect(coveredBy('https://x.example.com/', site)).not.toBeNull();
    expect(coveredBy('https://example.org/', site)).toBeNull();
  });

  it('match internationalised hosts in either form', () => {
    const idn = entry('*.bücher.example/*');
    expect(coveredBy('https://shop.xn--bcher-kva.example/x', idn)).not.toBeNull();
    expect(reasonFor('https://xn--bcher-kva.example/x', idn)).toBe(
      'the pattern *.bücher.example/* matches this address',
    );
  });

  it('treat regular-expression characters literally', () => {
    const dots = entry('example.com/a.b/*');
    expect(coveredBy('https://example.com/a.b/c', dots)).not.toBeNull();
    expect(coveredBy('https://example.com/aXb/c', dots)).toBeNull();
    const plus = entry('example.com/(x)+*');
    expect(coveredBy('https://example.com/(x)+1', plus)).not.toBeNull();
    expect(coveredBy('https://example.com/xx1', plus)).toBeNull();
  });
});

describe('whitelistMatch', () => {
  it('returns null for addresses that are not web addresses', () => {
    const all = [entry('example.com')];
    for (const url of [
      '',
      'not a url',
      'javascript:alert(1)',
      'ftp://example.com/x',
      'mailto:a@example.com',
      'http://',
    ]) {
      expect(whitelistMatch(url, all), url).toBeNull();
    }
  });

  it('reads host:port without a scheme as an address', () => {
    const local = createWhitelistMatcher([entry('example.com')]);
    expect(local.match('www.example.com:8080/x')?.entry.id).toBe('example.com');
    expect(whitelistMatch('localhost:3000/x', [entry('example.com')])).toBeNull();
    expect(parseWhitelistEntry('localhost:3000')).toEqual({
      ok: false,
      message: 'Enter a full domain such as example.com.',
    });
  });

  it('accepts URL objects', () => {
    expect(
      whitelistMatch(new URL('https://www.example.com/'), [entry('example.com')]),
    ).not.toBeNull();
    expect(whitelistMatch(new URL('ftp://example.com/'), [entry('example.com')])).toBeNull();
  });

  it('reports the most specific entry: URL, then pattern, then the nearest domain', () => {
    const entries = [
      entry('example.com'),
      entry('shop.example.com'),
      entry('*.example.com/promo/*'),
      entry('https://shop.example.com/promo/1'),
    ];
    expect(coveredBy('https://shop.example.com/promo/1', ...entries)).toBe(
      'https://shop.example.com/promo/1',
    );
    expect(coveredBy('https://shop.example.com/promo/2', ...entries)).toBe('*.example.com/promo/*');
    expect(coveredBy('https://a.shop.example.com/x', ...entries)).toBe('shop.example.com');
    expect(coveredBy('https://www.example.com/x', ...entries)).toBe('example.com');
  });

  it('leaves out stored values that no longer parse, and says which', () => {
    const broken = {
      id: 'broken',
      kind: 'domain' as const,
      value: 'localhost',
      input: 'localhost',
    };
    const matcher = createWhitelistMatcher([broken, entry('example.com')]);
    expect(matcher.unusable).toEqual([broken]);
    expect(matcher.match('http://localhost/')).toBeNull();
    expect(matcher.match('https://example.com/')?.entry.id).toBe('example.com');
  });

  it('works from the stored value alone when the typed input is unknown', () => {
    const { input: _input, ...stored } = entry('https://example.com/page');
    expect(whitelistMatch('https://example.com/page/', [stored])?.reason).toBe(
      'the URL example.com/page matches, ignoring the trailing slash',
    );
  });
});
