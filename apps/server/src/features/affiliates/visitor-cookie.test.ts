import { describe, expect, it } from 'vitest';
import { addressGroupOf, visitorIdOf } from './visitor-cookie.ts';

describe('addressGroupOf', () => {
  it('keeps an IPv4 address, unwraps an IPv4-mapped one, and takes the /64 of an IPv6 one', () => {
    expect(addressGroupOf('203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroupOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroupOf('2001:db8:5:7::1')).toBe('2001:db8:5:7::/64');
    expect(addressGroupOf('2001:0DB8:0005:0007:a:b:c:d')).toBe('2001:db8:5:7::/64');
    expect(addressGroupOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroupOf('::1')).toBe('0:0:0:0::/64');
    expect(addressGroupOf('64:ff9b::1.2.3.4')).toBe('64:ff9b:0:0::/64');
    expect(addressGroupOf('unknown')).toBe('unknown');
  });
});

describe('visitorIdOf', () => {
  it('is one id per address group and secret, and a valid cookie value', () => {
    const id = visitorIdOf('secret-a', '2001:db8:5:7::1');
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(visitorIdOf('secret-a', '2001:db8:5:7:ffff::2')).toBe(id);
    expect(visitorIdOf('secret-a', '2001:db8:5:8::1')).not.toBe(id);
    expect(visitorIdOf('secret-b', '2001:db8:5:7::1')).not.toBe(id);
  });
});
