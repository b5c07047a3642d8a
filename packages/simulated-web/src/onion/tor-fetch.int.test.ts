// The safe fetcher with a Tor proxy, against the SOCKS stand-in: onion pages go through the proxy as
// names (never resolved here), under the same limits as any page; nothing else goes through it, and
// without a proxy (or when the caller says no) an onion address is refused without a connection.
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SocksClient } from 'socks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseTorSocksUrl } from '@shark/engine/fetch/onion.ts';
import { createSafeFetcher, type FetchResult } from '@shark/engine/fetch/safe-fetch.ts';
import { startSocksStandIn, type SocksStandIn } from './socks-stand-in.ts';

const ONION = 'sharktestleakforumaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.onion';
const OTHER_ONION = 'sharktestunknownbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.onion';

let site: Server;
let sitePort: number;
let socks: SocksStandIn;
const lookups: string[] = [];

/** A resolver that records every name asked and answers a public address for clearnet names. */
function resolve(hostname: string): Promise<LookupAddress[]> {
  lookups.push(hostname);
  if (hostname === 'internal.example') return Promise.resolve([{ address: '10.0.0.7', family: 4 }]);
  return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
}

beforeAll(async () => {
  site = createServer((req, res) => {
    const host = req.headers.host ?? '';
    if (req.url === '/leak') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<title>Leaked set</title><p>Served to ${host}</p>`);
    } else if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(64 * 1024));
    } else if (req.url === '/to-private') {
      res.writeHead(302, { location: 'http://10.0.0.1/admin' }).end();
    } else if (req.url === '/to-internal-name') {
      res.writeHead(302, { location: 'http://internal.example/' }).end();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  sitePort = (site.address() as AddressInfo).port;
  socks = await startSocksStandIn({
    route: (host, port) =>
      host === ONION && port === 80 ? { host: '127.0.0.1', port: sitePort } : null,
  });
});

afterEach(() => {
  socks.clear();
  lookups.length = 0;
});

afterAll(async () => {
  await socks.close();
  site.closeAllConnections();
  await new Promise<void>((done) => site.close(() => done()));
});

function withTor(extra: Parameters<typeof createSafeFetcher>[0] = {}) {
  return createSafeFetcher({ tor: parseTorSocksUrl(socks.url), resolve, ...extra });
}

function failed(result: FetchResult) {
  if (result.ok)
    throw new Error(`expected a failure, got ${result.status} from ${result.finalUrl}`);
  return result;
}

describe('the safe fetcher with a Tor proxy', () => {
  it('fetches an onion page through the proxy, sending the name and never resolving it', async () => {
    const fetcher = withTor();
    try {
      const result = await fetcher.fetch(`http://${ONION}/leak`);
      expect(result.ok && result.title).toBe('Leaked set');
      expect(result.ok && result.text).toContain(`Served to ${ONION}`);
      expect(socks.attempts()).toEqual([
        { addressType: 'domain', host: ONION, port: 80, outcome: 'connected' },
      ]);
      expect(lookups.filter((name) => name.endsWith('.onion'))).toEqual([]);
      expect(lookups).toEqual([]);
    } finally {
      await fetcher.close();
    }
  });

  it('says an onion service Tor cannot reach is unreachable, still without a lookup', async () => {
    const fetcher = withTor();
    try {
      const result = failed(await fetcher.fetch(`http://${OTHER_ONION}/`));
      expect(result.reason).toBe('unreachable');
      expect(result.message).toContain(OTHER_ONION);
      expect(socks.attempts()).toEqual([
        { addressType: 'domain', host: OTHER_ONION, port: 80, outcome: 'unknown-onion' },
      ]);
      expect(lookups).toEqual([]);
    } finally {
      await fetcher.close();
    }
  });

  it('holds onion pages to the size limit', async () => {
    const fetcher = withTor({ maxBytes: 1024 });
    try {
      expect(failed(await fetcher.fetch(`http://${ONION}/big`)).reason).toBe('too-large');
    } finally {
      await fetcher.close();
    }
  });

  it('refuses a redirect from an onion page to an internal address, by literal or by name', async () => {
    const fetcher = withTor();
    try {
      expect(failed(await fetcher.fetch(`http://${ONION}/to-private`)).reason).toBe(
        'refused-address',
      );
      const byName = failed(await fetcher.fetch(`http://${ONION}/to-internal-name`));
      expect(byName.reason).toBe('refused-address');
      expect(byName.message).toContain('10.0.0.7');
      // The internal name was resolved here (it is clearnet) and refused; it never went to Tor.
      expect(socks.attempts().map((a) => a.host)).toEqual([ONION, ONION]);
    } finally {
      await fetcher.close();
    }
  });

  it('sends clearnet addresses directly, never through the proxy, and still guards them', async () => {
    const fetcher = withTor({ allowlist: [`127.0.0.1:${sitePort}`] });
    try {
      const direct = await fetcher.fetch(`http://127.0.0.1:${sitePort}/leak`);
      expect(direct.ok).toBe(true);
      expect(failed(await fetcher.fetch('http://internal.example/')).reason).toBe(
        'refused-address',
      );
      expect(lookups).toEqual(['internal.example']);
      expect(socks.connectionCount()).toBe(0);
    } finally {
      await fetcher.close();
    }
  });

  it('refuses onion addresses without a proxy: no lookup, no connection', async () => {
    const fetcher = createSafeFetcher({ resolve });
    try {
      const result = failed(await fetcher.fetch(`http://${ONION}/leak`));
      expect(result.reason).toBe('refused-address');
      expect(result.message).toContain('dark web scanning is off');
      expect(fetcher.hasTor).toBe(false);
      expect(lookups).toEqual([]);
      expect(socks.connectionCount()).toBe(0);
    } finally {
      await fetcher.close();
    }
  });

  it('refuses onion addresses when the caller says the work may not use Tor', async () => {
    let isAllowed = false;
    const fetcher = withTor({ mayFetchOnion: () => isAllowed });
    try {
      expect(failed(await fetcher.fetch(`http://${ONION}/leak`)).message).toContain(
        'dark web scanning is not on',
      );
      expect(socks.connectionCount()).toBe(0);
      isAllowed = true;
      expect((await fetcher.fetch(`http://${ONION}/leak`)).ok).toBe(true);
      expect(socks.connectionCount()).toBe(1);
    } finally {
      await fetcher.close();
    }
  });
});

describe('the SOCKS stand-in', () => {
  it('refuses and records a clearnet name or an address sent to it (a leak through the proxy)', async () => {
    const proxy = { host: socks.host, port: socks.port, type: 5 as const };
    await expect(
      SocksClient.createConnection({
        proxy,
        command: 'connect',
        destination: { host: 'example.com', port: 80 },
      }),
    ).rejects.toThrow();
    await expect(
      SocksClient.createConnection({
        proxy,
        command: 'connect',
        destination: { host: '93.184.216.34', port: 80 },
      }),
    ).rejects.toThrow();
    expect(socks.attempts()).toEqual([
      { addressType: 'domain', host: 'example.com', port: 80, outcome: 'refused' },
      { addressType: 'ipv4', host: '93.184.216.34', port: 80, outcome: 'refused' },
    ]);
  });
});
