import { describe, expect, it } from 'vitest';
import {
  displayWhitelistValue,
  inferWhitelistKind,
  parseWhitelistEntry,
  type WhitelistKind,
} from './whitelist-entry.ts';

function valueOf(input: string, kind?: WhitelistKind) {
  const result = parseWhitelistEntry(input, kind);
  if (!result.ok) throw new Error(`${input}: ${result.message}`);
  return result.entry;
}

function messageOf(input: string, kind?: WhitelistKind): string {
  const result = parseWhitelistEntry(input, kind);
  if (result.ok)
    throw new Error(`${input} was accepted as ${result.entry.kind} ${result.entry.value}`);
  return result.message;
}

describe('inferWhitelistKind', () => {
  it.each([
    ['example.com', 'domain'],
    ['  Example.COM  ', 'domain'],
    ['sub.example.co.uk', 'domain'],
    ['bücher.example', 'domain'],
    ['https://example.com', 'domain'],
    ['https://example.com/', 'domain'],
    ['http://www.example.com/#top', 'domain'],
    ['example.com/page', 'url'],
    ['https://example.com/page', 'url'],
    ['https://example.com/?ref=me', 'url'],
    ['example.com:8080', 'url'],
    ['//example.com/page', 'url'],
    ['*.example.com', 'pattern'],
    ['example.com/u/*', 'pattern'],
    ['https://example.com/promo*', 'pattern'],
    ['ftp://example.com/file', 'url'],
  ] as const)('%s is a %s', (input, kind) => {
    expect(inferWhitelistKind(input)).toBe(kind);
  });
});

describe('parseWhitelistEntry: domains', () => {
  it('stores the host in lower-case ASCII, without scheme, root path or trailing dot', () => {
    for (const input of [
      'example.com',
      'EXAMPLE.com',
      'https://example.com',
      'http://example.com/',
      'example.com.',
      '.example.com',
    ]) {
      expect(valueOf(input, 'domain')).toEqual({
        kind: 'domain',
        value: 'example.com',
        display: 'example.com',
      });
    }
    // A domain covers its subdomains already, so "*." adds nothing.
    expect(valueOf('*.example.com', 'domain').value).toBe('example.com');
  });

  it('keeps www. (a www. entry covers the bare name, not the other subdomains)', () => {
    expect(valueOf('www.example.com').value).toBe('www.example.com');
  });

  it('stores internationalised names in punycode and shows them in Unicode', () => {
    const forms = [
      'bücher.example',
      'BÜCHER.example',
      'xn--bcher-kva.example',
      'https://Bücher.Example/',
    ];
    for (const input of forms) {
      expect(valueOf(input)).toEqual({
        kind: 'domain',
        value: 'xn--bcher-kva.example',
        display: 'bücher.example',
      });
    }
  });

  it('accepts IP addresses', () => {
    expect(valueOf('192.0.2.10').value).toBe('192.0.2.10');
  });

  it('refuses what is not one site', () => {
    expect(messageOf('localhost')).toMatch(/full domain/);
    expect(messageOf('com')).toMatch(/full domain/);
    expect(messageOf('example')).toMatch(/full domain/);
    expect(messageOf('co.uk')).toBe(
      'co.uk is shared by many unrelated sites. Enter your own domain, such as example.co.uk.',
    );
    expect(messageOf('com.au')).toMatch(/shared by many unrelated sites/);
    expect(messageOf('example.c0m')).toMatch(/not a top-level domain/);
    expect(messageOf('example..com')).toMatch(/not valid/);
    expect(messageOf(`${'a'.repeat(64)}.com`)).toMatch(/not valid/);
    expect(messageOf(`${'abc.'.repeat(63)}com`)).toMatch(/longer than 253/);
  });

  it('says when a domain was given what only a URL or pattern can have', () => {
    expect(messageOf('example.com/page', 'domain')).toMatch(/A domain has no path/);
    expect(messageOf('example.com?x=1', 'domain')).toMatch(/A domain has no path/);
    expect(messageOf('example.com:8080', 'domain')).toMatch(/A domain has no port/);
    expect(messageOf('shop*.example.com', 'domain')).toMatch(/cannot contain \*/);
  });
});

describe('parseWhitelistEntry: URLs', () => {
  it('drops scheme, www., default ports, trailing slash, fragment and tracking parameters', () => {
    const same = [
      'https://example.com/page',
      'http://example.com/page',
      'example.com/page/',
      'https://www.example.com/page',
      'https://EXAMPLE.com:443/page',
      'http://example.com:80/page#section',
      'http://example.com:443/page',
      'https://example.com/page?utm_source=ig&utm_medium=bio&fbclid=abc',
      'https://example.com/a/../page',
      'https://example.com/./page//',
    ];
    for (const input of same) expect(valueOf(input, 'url').value, input).toBe('example.com/page');
  });

  it('keeps other ports, and the query with its parameters sorted', () => {
    expect(valueOf('https://example.com:8443/page').value).toBe('example.com:8443/page');
    expect(valueOf('https://example.com/join?b=2&ref=me&a=1').value).toBe(
      'example.com/join?a=1&b=2&ref=me',
    );
  });

  it('normalises percent-encoding and letter case', () => {
    expect(valueOf('https://example.com/%7Euser/%41lbum').value).toBe('example.com/~user/album');
    expect(valueOf('https://example.com/café').value).toBe('example.com/caf%c3%a9');
    expect(valueOf('https://example.com/caf%C3%A9').value).toBe('example.com/caf%c3%a9');
    expect(valueOf('https://example.com/MyName').value).toBe('example.com/myname');
  });

  it('shows the host of an internationalised URL in Unicode', () => {
    expect(valueOf('https://bücher.example/Katalog')).toEqual({
      kind: 'url',
      value: 'xn--bcher-kva.example/katalog',
      display: 'bücher.example/katalog',
    });
  });

  it('stores a home page as a URL only when asked to', () => {
    expect(valueOf('https://example.com/', 'url').value).toBe('example.com/');
    expect(valueOf('example.com', 'url').value).toBe('example.com/');
  });

  it('refuses user names, other schemes, spaces and non-addresses', () => {
    expect(messageOf('https://example.com@evil.net/')).toMatch(/Remove the part before @/);
    expect(messageOf('https://user:pass@example.com/page')).toMatch(/Remove the part before @/);
    expect(messageOf('example.com@evil.net')).toMatch(/Remove the part before @/);
    expect(messageOf('ftp://example.com/file')).toBe(
      'Only web addresses (http:// or https://) can be whitelisted.',
    );
    expect(messageOf('javascript:alert(1)')).toMatch(/Only web addresses/);
    expect(messageOf('mailto:me@example.com')).toMatch(/Only web addresses/);
    expect(messageOf('example.com/my page')).toMatch(/cannot contain spaces/);
    expect(messageOf('https://exa<mple.com/')).toMatch(/not a valid web address/);
    expect(messageOf('http://')).toMatch(/not a valid web address/);
    expect(messageOf('')).toBe('Enter a URL, a domain or a pattern.');
    expect(messageOf('   ')).toBe('Enter a URL, a domain or a pattern.');
    expect(messageOf(`https://example.com/${'a'.repeat(2048)}`)).toMatch(/longer than 2048/);
  });
});

describe('parseWhitelistEntry: patterns', () => {
  it('stores the pattern without scheme, in lower case, with the host in punycode', () => {
    expect(valueOf('*.example.com/promo/*')).toEqual({
      kind: 'pattern',
      value: '*.example.com/promo/*',
      display: '*.example.com/promo/*',
    });
    expect(valueOf('https://*.Example.com/Promo/*').value).toBe('*.example.com/promo/*');
    expect(valueOf('*://example.com/u/*').value).toBe('example.com/u/*');
    expect(valueOf('*.bücher.example/*').value).toBe('*.xn--bcher-kva.example/*');
    expect(valueOf('*.bücher.example/*').display).toBe('*.bücher.example/*');
    expect(valueOf('www.example.com/u/**').value).toBe('example.com/u/*');
  });

  it('treats a pattern for a whole host the same with or without a root path', () => {
    expect(valueOf('*.example.com').value).toBe('*.example.com');
    expect(valueOf('*.example.com/').value).toBe('*.example.com');
    expect(valueOf('https://*.example.com/?utm_source=x').value).toBe('*.example.com');
  });

  it('refuses patterns that do not name a site', () => {
    for (const input of [
      '*',
      '*.*',
      '*.com',
      'example.*',
      '*.co.uk',
      'shop*.co.uk',
      '*example.com',
      'https://*/page',
    ]) {
      expect(messageOf(input), input).toMatch(/A pattern must name the site/);
    }
    expect(messageOf('*.example..com')).toMatch(/not valid/);
    expect(messageOf('https://me@*.example.com/')).toMatch(/Remove the part before @/);
    expect(messageOf('ftp://*.example.com/')).toMatch(/Only web addresses/);
  });
});

describe('canonical values', () => {
  it('read back as themselves, so stored entries compare and dedupe by value', () => {
    for (const [input, kind] of [
      ['https://www.Example.com/Page/?b=2&a=1', 'url'],
      ['bücher.example', 'domain'],
      ['*.bücher.example/Promo/*?x=*', 'pattern'],
      ['example.com:8080/x', 'url'],
      ['example.com/', 'url'],
    ] as const) {
      const first = valueOf(input, kind);
      expect(valueOf(first.value, kind)).toEqual(first);
    }
  });

  it('display the stored value with Unicode hosts and ports kept', () => {
    expect(displayWhitelistValue('url', 'xn--bcher-kva.example:8080/a')).toBe(
      'bücher.example:8080/a',
    );
    expect(displayWhitelistValue('pattern', '*.xn--bcher-kva.example')).toBe('*.bücher.example');
    expect(displayWhitelistValue('domain', 'xn--bcher-kva.example')).toBe('bücher.example');
  });
});
