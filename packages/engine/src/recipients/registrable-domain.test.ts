import { describe, expect, it } from 'vitest';
import { registrableDomain } from './registrable-domain.ts';

describe('registrableDomain', () => {
  it.each([
    ['www.leaked-clips.example', 'leaked-clips.example'],
    ['cdn.a.b.leaks.com', 'leaks.com'],
    ['leaks.com.', 'leaks.com'],
    ['LEAKS.COM', 'leaks.com'],
    ['media.leaks.co.uk', 'leaks.co.uk'],
    ['leaks.com.au', 'leaks.com.au'],
    ['x.leaks.co.jp', 'leaks.co.jp'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
  ])('%s → %s', (host, expected) => {
    expect(registrableDomain(host)).toBe(expected);
  });

  it('has none for an address, one label or a public suffix itself', () => {
    for (const host of ['192.0.2.1', '2001:db8::1', 'localhost', 'co.uk', 'com', '', 'a..b']) {
      expect(registrableDomain(host), host).toBeNull();
    }
  });
});
