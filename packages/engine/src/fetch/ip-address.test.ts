// Address classification: every textual form of a refused address is refused, public ones pass.
import { describe, expect, it } from 'vitest';
import {
  classifyHost,
  formatIPv6,
  InvalidHostError,
  parseIPv4,
  parseIPv6,
  parseIpLiteral,
  type AddressRange,
} from './ip-address.ts';

function rangeOf(host: string): AddressRange | 'name' | 'invalid' {
  let found;
  try {
    found = classifyHost(host);
  } catch (error) {
    if (error instanceof InvalidHostError) return 'invalid';
    throw error;
  }
  return found.kind === 'address' ? found.class.range : 'name';
}

describe('IPv4 textual forms', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7F.0.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['0x7f.0.0.0x1', '127.0.0.1'],
    ['00000177.0.0.01', '127.0.0.1'],
    ['%31%32%37.0.0.1', '127.0.0.1'],
    ['１２７.０.０.１', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
    ['3232235777', '192.168.1.1'],
    ['0xa9fea9fe', '169.254.169.254'],
    ['0251.0376.0251.0376', '169.254.169.254'],
    ['169.16689662', '169.254.169.254'],
    ['0X.0x0.0.1', '0.0.0.1'],
    ['1.0xffffff', '1.255.255.255'],
  ])('reads %s as %s', (text, expected) => {
    expect(parseIpLiteral(text)?.text).toBe(expected);
  });

  it('returns null for names and rejects malformed numbers', () => {
    expect(parseIPv4('example.com')).toBeNull();
    expect(parseIPv4('127.0.0.1.example')).toBeNull();
    expect(parseIPv4('1.2.3.4.5')).toBe('invalid');
    expect(parseIPv4('256.1.1.1')).toBe('invalid');
    expect(parseIPv4('1.2.3.256')).toBe('invalid');
    expect(parseIPv4('4294967296')).toBe('invalid');
    expect(parseIPv4('09.1.1.1')).toBe('invalid');
    // Ends in a number, so it must be an address (as the URL parser decides), but 0x7g is no number.
    expect(parseIPv4('0x7g.1')).toBe('invalid');
    expect(parseIPv4('1..2')).toBe('invalid');
    expect(parseIPv4('0x100.1')).toBe('invalid');
    expect(parseIPv4('1.0x1000000')).toBe('invalid');
    expect(parseIPv4('4294967295')).toEqual(Uint8Array.from([255, 255, 255, 255]));
    expect(() => parseIpLiteral('1.2.3.4.5')).toThrow(InvalidHostError);
    expect(() => parseIpLiteral('0x7g.1')).toThrow(InvalidHostError);
  });
});

describe('IPv6 textual forms', () => {
  it.each([
    ['::1', '::1'],
    ['[::1]', '::1'],
    ['[0:0:0:0:0:0:0:1]', '::1'],
    ['0000:0000:0000:0000:0000:0000:0000:0001', '::1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['::ffff:7f00:1', '::ffff:7f00:1'],
    ['[::FFFF:7F00:0001]', '::ffff:7f00:1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['2001:4860:4860::8888', '2001:4860:4860::8888'],
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'],
    // IPv4-compatible, as the URL parser reads it: not turned into the IPv4-mapped ::ffff:1.2.3.4.
    ['[::1.2.3.4]', '::102:304'],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:102:304'],
    ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0'],
    ['fe80::1%eth0.5', 'fe80::1'],
  ])('reads %s as %s', (text, expected) => {
    expect(parseIpLiteral(text)?.text).toBe(expected);
  });

  it('rejects malformed IPv6', () => {
    expect(parseIPv6('1::2::3')).toBeNull();
    expect(parseIPv6('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(parseIPv6('1:2:3:4:5:6:7')).toBeNull();
    expect(parseIPv6('::12345')).toBeNull();
    expect(parseIPv6('::1.2.3.4:5')).toBeNull();
    expect(parseIPv6('1.2.3.4::')).toBeNull();
    expect(parseIPv6('1:2:3:4:5:6:7:1.2.3.4')).toBeNull();
    expect(parseIPv6('1:2:3:4:5:6:7:8::')).toBeNull();
    // Only plain decimal in an embedded IPv4 tail, as the URL parser allows.
    expect(parseIPv6('::ffff:0x7f.0.0.1')).toBeNull();
    expect(parseIPv6('::ffff:0177.0.0.1')).toBeNull();
    expect(parseIPv6('::ffff:127.1')).toBeNull();
    expect(parseIPv6('::ffff:256.0.0.1')).toBeNull();
    expect(() => parseIpLiteral('[::g]')).toThrow(InvalidHostError);
  });

  it('formats per RFC 5952', () => {
    expect(formatIPv6(parseIPv6('2001:db8:0:0:1:0:0:1')!)).toBe('2001:db8::1:0:0:1');
    expect(formatIPv6(parseIPv6('2001:db8:0:1:1:1:1:1')!)).toBe('2001:db8:0:1:1:1:1:1');
  });
});

describe('address ranges', () => {
  it.each<[string, AddressRange | 'invalid']>([
    ['127.0.0.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['127.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['127.0.0.1.', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'cloud-metadata'],
    ['0xa9fea9fe', 'cloud-metadata'],
    ['100.100.100.200', 'cloud-metadata'],
    ['192.0.0.192', 'cloud-metadata'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'cloud-metadata'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'cloud-metadata'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fd00:ec2::254', 'cloud-metadata'],
    ['fe80::1', 'link-local'],
    ['[fe80::1%25eth0]', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['::8.8.8.8', 'reserved'],
    ['4000::1', 'reserved'],
    ['[::ffff:0x7f.0.0.1]', 'invalid'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['[64:ff9b::192.168.0.1]', 'private'],
    ['2002:a9fe:a9fe::', 'cloud-metadata'],
    ['2002:6440:1::1', 'cgnat'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['2001:4:112::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['fec0::1%eth0', 'private'],
    ['::ffff:0:169.254.169.254', 'cloud-metadata'],
    ['::ffff:100.100.100.200', 'cloud-metadata'],
    ['169.254.170.2', 'cloud-metadata'],
    ['0300.0250.0.1', 'private'],
    ['0xac100001', 'private'],
    ['100.64.1', 'cgnat'],
    ['0xe0000001', 'multicast'],
    ['192.88.99.1', 'reserved'],
    ['0.1.2.3', 'unspecified'],
  ])('%s is %s', (host, range) => {
    expect(rangeOf(host)).toBe(range);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '2001:4860:4860::8888',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '192.175.48.1',
    '2620:4f:8000::1',
    '0x8.0x8.0x8.0x8',
  ])('%s is public', (host) => {
    expect(rangeOf(host)).toBe('public');
  });

  it('describes the range, naming the embedded address of an IPv6 form', () => {
    const mapped = classifyHost('[::ffff:127.0.0.1]');
    expect(mapped.kind === 'address' && mapped.class.description).toBe(
      'a loopback address (this machine), in its IPv4-mapped IPv6 form (127.0.0.1)',
    );
    const metadata = classifyHost('169.254.169.254');
    expect(metadata.kind === 'address' && metadata.class.description).toMatch(/cloud metadata/);
  });
});

describe('host names', () => {
  it('treats names as names, and blocks the ones that mean this machine or a metadata service', () => {
    expect(classifyHost('Example.COM.')).toEqual({
      kind: 'name',
      name: 'example.com',
      isBlocked: false,
    });
    expect(classifyHost('localhost')).toMatchObject({ kind: 'name', isBlocked: true });
    expect(classifyHost('LOCALHOST.')).toMatchObject({ kind: 'name', isBlocked: true });
    expect(classifyHost('app.localhost')).toMatchObject({ kind: 'name', isBlocked: true });
    expect(classifyHost('metadata.google.internal')).toMatchObject({
      kind: 'name',
      isBlocked: true,
    });
    expect(classifyHost('localhost.example.com')).toMatchObject({ kind: 'name', isBlocked: false });
    expect(rangeOf('1.2.3.4.example')).toBe('name');
  });
});
