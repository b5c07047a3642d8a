import { describe, expect, it } from 'vitest';
import { isOnionHost, isOnionUrl, parseTorSocksUrl } from './onion.ts';

describe('onion names', () => {
  it('knows an onion host in any case, with or without the trailing dot', () => {
    expect(isOnionHost('abc.onion')).toBe(true);
    expect(isOnionHost('www.ABC.Onion.')).toBe(true);
    expect(isOnionHost('onion.example.com')).toBe(false);
    expect(isOnionHost('notonion')).toBe(false);
    expect(isOnionUrl('http://abc.onion:8080/x')).toBe(true);
    expect(isOnionUrl('https://example.com/abc.onion')).toBe(false);
    expect(isOnionUrl('not a url')).toBe(false);
  });
});

describe('TOR_SOCKS_URL', () => {
  it('reads host, port and optional credentials of a socks5h URL', () => {
    expect(parseTorSocksUrl('socks5h://127.0.0.1:9050')).toEqual({ host: '127.0.0.1', port: 9050 });
    expect(parseTorSocksUrl('socks5h://user:p%40ss@[::1]:9150')).toEqual({
      host: '::1',
      port: 9150,
      username: 'user',
      password: 'p@ss',
    });
  });

  it('refuses a proxy that would let names be resolved here, and URLs that are not a proxy', () => {
    expect(() => parseTorSocksUrl('socks5://127.0.0.1:9050')).toThrow(/socks5h:\/\//);
    expect(() => parseTorSocksUrl('http://127.0.0.1:9050')).toThrow(/socks5h:\/\//);
    expect(() => parseTorSocksUrl('socks5h://127.0.0.1:9050/tor')).toThrow(/no path/);
    expect(() => parseTorSocksUrl('127.0.0.1:9050')).toThrow();
  });
});
