import { describe, expect, it } from 'vitest';
import { parseAddress } from './ip-ranges.ts';
import {
  BootstrapFormatError,
  findDomainService,
  ipBootstrap,
  parseBootstrap,
  rdapQueryUrl,
} from './rdap-bootstrap.ts';

// The shape of IANA's files (https://data.iana.org/rdap/ipv4.json, dns.json), abridged.
const IPV4 = {
  description: 'RDAP bootstrap file for IPv4 address allocations',
  publication: '2026-10-01T17:00:01Z',
  services: [
    [['1.0.0.0/8', '14.0.0.0/8', '27.0.0.0/8'], ['https://rdap.apnic.net/']],
    [
      ['3.0.0.0/8', '198.0.0.0/8', '204.0.0.0/8'],
      ['https://rdap.arin.net/registry/', 'http://rdap.arin.net/registry/'],
    ],
    [['2.0.0.0/8', '193.0.0.0/8'], ['https://rdap.db.ripe.net/']],
    [['198.51.100.0/24'], ['http://only-plain.example/rdap']],
    [['not-a-prefix'], ['https://ignored.example/']],
  ],
  version: '1.0',
};

describe('parseBootstrap', () => {
  it('reads services, preferring the https URL of each', () => {
    const services = parseBootstrap(IPV4, 'https://data.iana.org/rdap/ipv4.json');
    expect(services[1]).toEqual({
      entries: ['3.0.0.0/8', '198.0.0.0/8', '204.0.0.0/8'],
      baseUrl: 'https://rdap.arin.net/registry/',
    });
  });

  it('finds the server of an address by longest prefix, in IPv4 and IPv6', () => {
    const index = ipBootstrap(parseBootstrap(IPV4, 'ipv4.json'));
    expect(index.find(parseAddress('193.0.6.139')!)?.baseUrl).toBe('https://rdap.db.ripe.net/');
    expect(index.find(parseAddress('198.51.100.7')!)?.baseUrl).toBe(
      'http://only-plain.example/rdap',
    );
    expect(index.find(parseAddress('198.18.0.1')!)?.baseUrl).toBe(
      'https://rdap.arin.net/registry/',
    );
    expect(index.find(parseAddress('10.0.0.1')!)).toBeUndefined();
    const v6 = ipBootstrap(
      parseBootstrap(
        {
          version: '1.0',
          services: [
            [['2001:200::/23', '2400::/12'], ['https://rdap.apnic.net/']],
            [['2001:600::/23'], ['https://rdap.db.ripe.net/']],
          ],
        },
        'ipv6.json',
      ),
    );
    expect(v6.find(parseAddress('2001:678::1')!)?.baseUrl).toBe('https://rdap.db.ripe.net/');
    expect(v6.find(parseAddress('2404:6800::1')!)?.baseUrl).toBe('https://rdap.apnic.net/');
  });

  it('finds the server of a domain by its longest matching label suffix', () => {
    const services = parseBootstrap(
      {
        version: '1.0',
        services: [
          [['com', 'net'], ['https://rdap.verisign.com/com/v1/']],
          [['uk'], ['https://rdap.nominet.uk/uk/']],
          [['co.uk.test'], ['https://deeper.example/']],
        ],
      },
      'dns.json',
    );
    expect(findDomainService(services, 'leaks.com')?.baseUrl).toBe(
      'https://rdap.verisign.com/com/v1/',
    );
    expect(findDomainService(services, 'leaks.co.uk')?.baseUrl).toBe('https://rdap.nominet.uk/uk/');
    expect(findDomainService(services, 'a.co.uk.test')?.baseUrl).toBe('https://deeper.example/');
    expect(findDomainService(services, 'leaks.example')).toBeUndefined();
  });

  it('rejects a file that is not a bootstrap file, saying where', () => {
    expect(() => parseBootstrap({ services: 'none' }, 'https://x.example/ipv4.json')).toThrow(
      BootstrapFormatError,
    );
    expect(() => parseBootstrap('<html>', 'https://x.example/ipv4.json')).toThrow(
      /x\.example\/ipv4\.json is not an RDAP bootstrap file/,
    );
  });
});

describe('rdapQueryUrl', () => {
  it('appends the query path to the base URL, adding a missing slash', () => {
    expect(rdapQueryUrl('https://rdap.arin.net/registry/', 'ip', '198.51.100.7')).toBe(
      'https://rdap.arin.net/registry/ip/198.51.100.7',
    );
    expect(rdapQueryUrl('http://only-plain.example/rdap', 'ip', '2001:db8::1')).toBe(
      'http://only-plain.example/rdap/ip/2001:db8::1',
    );
    expect(rdapQueryUrl('https://rdap.verisign.com/com/v1/', 'domain', 'leaks.com')).toBe(
      'https://rdap.verisign.com/com/v1/domain/leaks.com',
    );
  });
});
