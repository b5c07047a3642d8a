import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher } from '../fetch/safe-fetch.ts';
import {
  CdnRangesError,
  cdnMatcher,
  defaultCdnRanges,
  parseCdnProvider,
  parseRangeList,
  refreshCdnProvider,
  type CdnProvider,
} from './cdn-ranges.ts';
import { createFetchText } from './fetch-json.ts';
import { parseAddress } from './ip-ranges.ts';

const at = (text: string) => parseAddress(text)!;

describe('the shipped Cloudflare ranges', () => {
  const matcher = cdnMatcher(defaultCdnRanges());

  it('recognise Cloudflare IPv4 and IPv6 addresses', () => {
    for (const address of [
      '104.16.132.229',
      '172.67.1.1',
      '162.159.0.1',
      '188.114.97.3',
      '2606:4700::6810:84e5',
      '2a06:98c1:3120::3',
      '2c0f:f248::1',
    ]) {
      expect(matcher.find(at(address))?.id, address).toBe('cloudflare');
    }
  });

  it('leave other addresses alone', () => {
    for (const address of [
      '198.51.100.23',
      '104.15.255.255',
      '104.28.0.1',
      '2001:db8::1',
      '2606:4701::1',
    ]) {
      expect(matcher.find(at(address)), address).toBeUndefined();
    }
  });

  it('name Cloudflare’s abuse form as the channel, and where the ranges come from', () => {
    const [cloudflare] = defaultCdnRanges().providers;
    expect(cloudflare).toMatchObject({
      name: 'Cloudflare, Inc.',
      channel: { kind: 'form', url: 'https://abuse.cloudflare.com/' },
      sources: ['https://www.cloudflare.com/ips-v4', 'https://www.cloudflare.com/ips-v6'],
    });
    expect(cloudflare?.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('CDNs as data', () => {
  it('adds another CDN with its own ranges and channel', () => {
    const other = parseCdnProvider({
      id: 'example-cdn',
      name: 'Example CDN Ltd',
      channel: { kind: 'email', address: 'abuse@cdn.example' },
      ranges: ['198.51.100.0/25', '2001:db8:cd00::/40'],
    });
    const matcher = cdnMatcher({ providers: [...defaultCdnRanges().providers, other] });
    expect(matcher.find(at('198.51.100.9'))?.name).toBe('Example CDN Ltd');
    expect(matcher.find(at('2001:db8:cd00::1'))?.channel).toEqual({
      kind: 'email',
      address: 'abuse@cdn.example',
    });
    expect(matcher.find(at('104.16.0.1'))?.id).toBe('cloudflare');
  });

  it('rejects a provider with bad ranges or channel, listing every problem', () => {
    try {
      parseCdnProvider({
        id: 'Bad CDN',
        name: '',
        channel: { kind: 'email', address: 'nope' },
        ranges: ['10.0.0.0/8', 'nonsense'],
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CdnRangesError);
      const problems = (error as CdnRangesError).problems.join('\n');
      expect(problems).toContain('id: must be lower-case words joined by hyphens');
      expect(problems).toContain('ranges.1: must be an address prefix');
      expect(problems).toContain('channel.address');
      expect(problems).toContain('name');
    }
  });

  it('reads a published list, refusing a line that is not a prefix', () => {
    expect(parseRangeList('173.245.48.0/20\n\n# comment\n103.21.244.0/22\r\n', 'v4')).toEqual([
      '173.245.48.0/20',
      '103.21.244.0/22',
    ]);
    expect(() => parseRangeList('173.245.48.0/20\n<html>', 'https://cdn.example/ips')).toThrow(
      /https:\/\/cdn\.example\/ips line 2/,
    );
  });
});

describe('refreshCdnProvider over HTTP', () => {
  let server: Server;
  let origin: string;
  const fetcher = createSafeFetcher({ allowlist: ['127.0.0.1'] });
  const fetchText = createFetchText(fetcher);

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/ips-v4')
        res.writeHead(200, { 'content-type': 'text/plain' }).end('192.0.2.0/24\n198.51.100.0/24\n');
      else if (req.url === '/ips-v6')
        res.writeHead(200, { 'content-type': 'text/plain' }).end('2001:db8:cf00::/40\n');
      else if (req.url === '/broken')
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Just a moment...</html>');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await fetcher.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const current = (): CdnProvider => defaultCdnRanges().providers[0]!;

  it('replaces the ranges with the ones the sources publish, dated', async () => {
    const refreshed = await refreshCdnProvider(current(), fetchText, {
      urls: [`${origin}/ips-v4`, `${origin}/ips-v6`],
      now: () => new Date('2027-01-02T03:04:05Z'),
    });
    expect(refreshed.ranges).toEqual(['192.0.2.0/24', '198.51.100.0/24', '2001:db8:cf00::/40']);
    expect(refreshed.asOf).toBe('2027-01-02');
    expect(refreshed.sources).toEqual([`${origin}/ips-v4`, `${origin}/ips-v6`]);
    expect(cdnMatcher({ providers: [refreshed] }).find(at('2001:db8:cf00::5'))?.id).toBe(
      'cloudflare',
    );
  });

  it('fails, keeping nothing, when a source is missing or answers something else', async () => {
    await expect(
      refreshCdnProvider(current(), fetchText, { urls: [`${origin}/ips-v4`, `${origin}/gone`] }),
    ).rejects.toThrow(/answered HTTP 404 \(not found\)/);
    await expect(
      refreshCdnProvider(current(), fetchText, { urls: [`${origin}/broken`] }),
    ).rejects.toThrow(CdnRangesError);
    await expect(
      refreshCdnProvider({ ...current(), sources: undefined }, fetchText),
    ).rejects.toThrow(/no source URL/);
  });
});
