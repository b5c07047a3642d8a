import { describe, expect, it } from 'vitest';
import { registrableDomain } from './registrable-domain.ts';

describe('registrableDomain', () => {
  it.each([
    ['www.leaked-clips.example', 'leaked-clips.example'],
    ['cdn.a.b.leaks.com', 'leaks.com'],
    ['leaks.com.', 'leaks.com'],
    ['leaks.com..', 'leaks.com'],
    ['LEAKS.COM', 'leaks.com'],
    ['Media.Leaks.Co.UK.', 'leaks.co.uk'],
    ['media.leaks.co.uk', 'leaks.co.uk'],
    ['leaks.ltd.uk', 'leaks.ltd.uk'],
    ['a.b.leaks.uk', 'leaks.uk'],
    ['leaks.com.au', 'leaks.com.au'],
    ['cdn.leaks.net.au', 'leaks.net.au'],
    ['x.leaks.co.jp', 'leaks.co.jp'],
    ['shop.leaks.com.mx', 'leaks.com.mx'],
    // Suffixes a short built-in list misses: wildcard rules and their exceptions, smaller ccTLDs.
    ['a.b.kawasaki.jp', 'a.b.kawasaki.jp'],
    ['www.city.kawasaki.jp', 'city.kawasaki.jp'],
    ['leaks.com.na', 'leaks.com.na'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['www.bücher.de', 'xn--bcher-kva.de'],
    ['BÜCHER.de', 'xn--bcher-kva.de'],
    ['www.例え.jp', 'xn--r8jz45g.jp'],
    ['foo.bar.xn--p1ai', 'bar.xn--p1ai'],
  ])('%s → %s', (host, expected) => {
    expect(registrableDomain(host)).toBe(expected);
  });

  it("names the platform for a page on a platform's subdomain, as its registry knows only that", () => {
    expect(registrableDomain('alice.github.io')).toBe('github.io');
    expect(registrableDomain('github.io')).toBe('github.io');
    expect(registrableDomain('leaks.blogspot.com')).toBe('blogspot.com');
    expect(registrableDomain('bucket.s3.amazonaws.com')).toBe('amazonaws.com');
  });

  it('has none for an address, one label or a public suffix itself', () => {
    for (const host of [
      '192.0.2.1',
      '127.1',
      '2130706433',
      '2001:db8::1',
      '[2001:db8::1]',
      '::ffff:127.0.0.1',
      'localhost',
      'localhost.',
      'co.uk',
      'com.au',
      'uk',
      'com',
      '',
      '.',
      'a..b',
      '.leaks.com',
    ]) {
      expect(registrableDomain(host), host).toBeNull();
    }
  });
});
