import { describe, expect, it } from 'vitest';
import {
  longestMatch,
  parseAddress,
  parsePrefix,
  prefixBounds,
  prefixContains,
  rangeContains,
} from './ip-ranges.ts';

const address = (text: string) => {
  const parsed = parseAddress(text);
  if (!parsed) throw new Error(`${text} did not parse`);
  return parsed;
};

describe('parseAddress', () => {
  it('reads dotted quads and IPv6, canonically, and IPv4-mapped IPv6 as IPv4', () => {
    expect(parseAddress('192.0.2.7')?.text).toBe('192.0.2.7');
    expect(parseAddress('2001:DB8:0:0::1')?.text).toBe('2001:db8::1');
    expect(parseAddress('::ffff:198.51.100.9')).toMatchObject({ family: 4, text: '198.51.100.9' });
  });

  it('refuses lax and broken forms', () => {
    for (const text of [
      '192.2.7',
      '0x7f.1',
      '256.1.1.1',
      'fe80::1%eth0',
      'example.com',
      '',
      '1.2.3.4.5',
    ]) {
      expect(parseAddress(text), text).toBeNull();
    }
  });
});

describe('prefixes', () => {
  it('parses, normalises and bounds a prefix', () => {
    const v4 = parsePrefix('198.51.100.77/24')!;
    expect(v4.text).toBe('198.51.100.0/24');
    expect(prefixBounds(v4)).toMatchObject({
      start: { text: '198.51.100.0' },
      end: { text: '198.51.100.255' },
    });
    const v6 = parsePrefix('2a06:98c0::/29')!;
    expect(prefixBounds(v6).end.text).toBe('2a06:98c7:ffff:ffff:ffff:ffff:ffff:ffff');
    expect(parsePrefix('10.0.0.0/33')).toBeNull();
    expect(parsePrefix('10.0.0.0')).toBeNull();
    expect(parsePrefix('nonsense/8')).toBeNull();
  });

  it('tells whether a prefix holds an address, bit by bit, never across families', () => {
    const prefix = parsePrefix('104.16.0.0/13')!;
    expect(prefixContains(prefix, address('104.23.255.255'))).toBe(true);
    expect(prefixContains(prefix, address('104.24.0.0'))).toBe(false);
    expect(prefixContains(parsePrefix('0.0.0.0/0')!, address('2001:db8::1'))).toBe(false);
    expect(prefixContains(parsePrefix('2a06:98c0::/29')!, address('2a06:98c7::1'))).toBe(true);
    expect(prefixContains(parsePrefix('2a06:98c0::/29')!, address('2a06:98c8::1'))).toBe(false);
  });

  it('picks the longest matching prefix', () => {
    const entries = [
      { prefix: parsePrefix('198.51.100.0/24')!, value: 'allocation' },
      { prefix: parsePrefix('198.51.100.128/26')!, value: 'reassignment' },
    ];
    expect(longestMatch(entries, address('198.51.100.130'))).toBe('reassignment');
    expect(longestMatch(entries, address('198.51.100.5'))).toBe('allocation');
    expect(longestMatch(entries, address('203.0.113.1'))).toBeUndefined();
  });

  it('checks start-end ranges', () => {
    expect(
      rangeContains(address('203.0.113.0'), address('203.0.113.255'), address('203.0.113.80')),
    ).toBe(true);
    expect(
      rangeContains(address('203.0.113.0'), address('203.0.113.255'), address('203.0.114.0')),
    ).toBe(false);
  });
});
