// The recipient lookup end to end: DNS from a fake resolver function, RDAP over HTTP from the local
// stand-in (IANA-style bootstrap files and ARIN/RIPE/registry answers), through the safe fetcher.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteCatalog, parseSiteCatalog } from '../discovery/site-catalog/catalog.ts';
import { createSafeFetcher } from '../fetch/safe-fetch.ts';
import { createFetchJson } from './fetch-json.ts';
import {
  RecipientUrlError,
  createMemoryRecipientCache,
  createRecipientResolver,
  type RecipientResolverOptions,
} from './recipient-resolver.ts';
import { arinNetworkAnswer, registryDomainAnswer } from './testing/rdap-answers.ts';
import { startRdapStandIn, type RdapStandIn } from './testing/rdap-stand-in.ts';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
}

/** What DNS answers in these tests; a name not listed has no address. */
const DNS: Record<string, string[]> = {
  'www.leaked-clips.example': ['198.51.100.23', '2001:db8:a000::17'],
  'cf.leaked-clips.example': ['104.16.132.229', '2606:4700::6810:84e5'],
  'www.pornhub.com': ['203.0.113.80'],
  't.me': ['203.0.113.81'],
  'own-site.example': ['2001:db8:4000::2'],
  'twin.tube-mirror.example': ['203.0.113.80', '203.0.113.81', '198.51.100.23'],
  'old.tube-mirror.example': ['192.0.2.10'],
  'quiet.tube-mirror.example': ['198.51.100.200'],
  'lan.tube-mirror.example': ['10.0.0.1'],
  'www.unregistered.example': ['198.51.100.23'],
};

async function fakeResolve(host: string): Promise<string[]> {
  await Promise.resolve();
  if (host === 'servfail.tube-mirror.example')
    throw Object.assign(new Error(`queryA ESERVFAIL ${host}`), { code: 'ESERVFAIL' });
  return DNS[host] ?? [];
}

const catalog = loadSiteCatalog();
const fetcher = createSafeFetcher({ allowlist: ['127.0.0.1'] });
const fetchJson = createFetchJson(fetcher);
let standIn: RdapStandIn;

beforeAll(async () => {
  standIn = await startRdapStandIn({
    networks: [
      { registry: 'arin', cidr: '198.51.100.0/24', answer: fixture('arin-ip-v4.json') },
      { registry: 'arin', cidr: '2001:db8:a000::/36', answer: fixture('arin-ip-v6.json') },
      {
        registry: 'arin',
        cidr: '198.51.100.192/26',
        answer: arinNetworkAnswer({
          cidr: '198.51.100.192/26',
          name: 'QUIET-NET',
          organisation: 'Quiet Networks',
        }),
      },
      { registry: 'ripe', cidr: '203.0.113.0/24', answer: fixture('ripe-ip-v4.json') },
      { registry: 'ripe', cidr: '2001:db8:4000::/48', answer: fixture('ripe-ip-v6.json') },
      { registry: 'ripe', cidr: '192.0.2.0/24', answer: fixture('ripe-ip-v4-remarks-abuse.json') },
    ],
    domains: [
      {
        registry: 'example',
        name: 'leaked-clips.example',
        answer: fixture('verisign-domain.json'),
      },
      {
        registry: 'example',
        name: 'own-site.example',
        answer: fixture('registrar-domain-with-registrant.json'),
      },
      {
        registry: 'example',
        name: 'tube-mirror.example',
        answer: registryDomainAnswer({
          name: 'tube-mirror.example',
          registrar: 'Mirror Names LLC',
          ianaId: '4242',
          abuseEmail: 'abuse@mirror-names.example',
        }),
      },
    ],
  });
});

afterEach(() => standIn.setFault(null));

afterAll(async () => {
  await fetcher.close();
  await standIn.close();
});

function resolver(overrides: Partial<RecipientResolverOptions> = {}) {
  return createRecipientResolver({
    catalog,
    resolve: fakeResolve,
    fetchJson,
    bootstrap: standIn.bootstrap,
    ...overrides,
  });
}

/** The requests the stand-in receives while `run` runs. */
async function requestsDuring<T>(
  run: () => Promise<T>,
): Promise<{ result: T; requests: string[] }> {
  const before = standIn.requests.length;
  const result = await run();
  return { result, requests: standIn.requests.slice(before) };
}

describe('a lookup', () => {
  it('names the abuse contacts of the networks (IPv4 and IPv6) and the registrar, in escalation order', async () => {
    const lookup = await resolver().lookup('https://www.leaked-clips.example/videos/123?ref=x');
    expect(lookup).toEqual({
      url: 'https://www.leaked-clips.example/videos/123?ref=x',
      host: 'www.leaked-clips.example',
      addresses: ['198.51.100.23', '2001:db8:a000::17'],
      domain: 'leaked-clips.example',
      siteId: null,
      recipients: [
        {
          role: 'host',
          name: 'Example Hosting, LLC',
          channel: { kind: 'email', address: 'abuse@hosting.example' },
          source: `rdap:${standIn.origin}/arin/ip/198.51.100.23`,
          subject: '198.51.100.23',
          phone: '+1-555-010-0199',
          handle: 'ABUSE4021-ARIN',
        },
        {
          role: 'host',
          name: 'Sample Cloud Inc.',
          channel: { kind: 'email', address: 'trust@cloud.example' },
          source: `rdap:${standIn.origin}/arin/ip/2001:db8:a000::17`,
          subject: '2001:db8:a000::17',
          phone: '+1-555-010-0300',
          handle: 'ABUSE7710-ARIN',
        },
        {
          role: 'registrar',
          name: 'Example Registrar, Inc.',
          channel: { kind: 'email', address: 'abuse@registrar.example' },
          source: `rdap:${standIn.origin}/example/domain/leaked-clips.example`,
          subject: 'leaked-clips.example',
          phone: '+1.5555550123',
          handle: '9999',
        },
      ],
      problems: [],
    });
  });

  it('sends a Cloudflare address (IPv4 and IPv6) to Cloudflare’s abuse form instead of asking RDAP', async () => {
    const { result, requests } = await requestsDuring(() =>
      resolver().lookup('https://cf.leaked-clips.example/v/9'),
    );
    expect(result.recipients).toEqual([
      {
        role: 'cdn',
        name: 'Cloudflare, Inc.',
        channel: { kind: 'form', url: 'https://abuse.cloudflare.com/' },
        source: 'cdn:cloudflare',
        subject: '104.16.132.229, 2606:4700::6810:84e5',
      },
      expect.objectContaining({
        role: 'registrar',
        channel: { kind: 'email', address: 'abuse@registrar.example' },
      }),
    ]);
    expect(requests.filter((path) => path.includes('/ip/'))).toEqual([]);
    expect(result.problems).toEqual([]);
  });

  it('puts a catalog site first with its DMCA form, then the host; an unknown TLD is a listed problem', async () => {
    const lookup = await resolver().lookup('https://www.pornhub.com/view_video.php?viewkey=abc');
    expect(lookup.siteId).toBe('pornhub');
    expect(lookup.recipients).toEqual([
      {
        role: 'site',
        name: 'Pornhub',
        channel: { kind: 'form', url: 'https://www.pornhub.com/content-removal' },
        source: 'catalog:pornhub',
        subject: 'www.pornhub.com',
      },
      {
        role: 'host',
        name: 'Example Hosting B.V.',
        channel: { kind: 'email', address: 'abuse@hosting-bv.example' },
        source: `rdap:${standIn.origin}/ripe/ip/203.0.113.80`,
        subject: '203.0.113.80',
        handle: 'AR12345-RIPE',
        country: 'NL',
      },
    ]);
    expect(lookup.problems).toEqual([
      "No RDAP server for .com names in IANA's bootstrap file, so the registrar of pornhub.com is not known.",
    ]);
  });

  it('gives a catalog site’s DMCA address as an e-mail channel', async () => {
    const lookup = await resolver().lookup('https://t.me/s/leakchannel/42');
    expect(lookup.recipients[0]).toEqual({
      role: 'site',
      name: 'Telegram public channel preview',
      channel: { kind: 'email', address: 'dmca@telegram.org' },
      source: 'catalog:telegram-preview',
      subject: 't.me',
    });
  });

  it('takes the domain holder’s own address from RDAP as the site level when the catalog has none', async () => {
    const lookup = await resolver().lookup('https://own-site.example/gallery');
    expect(lookup.recipients).toEqual([
      {
        role: 'site',
        name: 'Own Site Media Ltd',
        channel: { kind: 'email', address: 'legal@own-site.example' },
        source: `rdap:${standIn.origin}/example/domain/own-site.example`,
        subject: 'own-site.example',
        handle: 'REG-7781',
      },
      {
        role: 'host',
        name: 'Tubehost GmbH',
        channel: { kind: 'email', address: 'abuse@tubehost.example' },
        source: `rdap:${standIn.origin}/ripe/ip/2001:db8:4000::2`,
        subject: '2001:db8:4000::2',
        phone: '+49305550177',
        handle: 'AR9001-RIPE',
        country: 'DE',
      },
      {
        role: 'registrar',
        name: 'Sample Names GmbH',
        channel: { kind: 'email', address: 'abuse@sample-names.example' },
        source: `rdap:${standIn.origin}/example/domain/own-site.example`,
        subject: 'own-site.example',
        phone: '+49.305550199',
        handle: '1234',
      },
    ]);
  });

  it('asks RDAP once per network and names each channel once, with every address it answers for', async () => {
    const { result, requests } = await requestsDuring(() =>
      resolver().lookup('https://twin.tube-mirror.example/a'),
    );
    expect(
      result.recipients.map((recipient) => [recipient.role, recipient.channel, recipient.subject]),
    ).toEqual([
      [
        'host',
        { kind: 'email', address: 'abuse@hosting-bv.example' },
        '203.0.113.80, 203.0.113.81',
      ],
      ['host', { kind: 'email', address: 'abuse@hosting.example' }, '198.51.100.23'],
      [
        'registrar',
        { kind: 'email', address: 'abuse@mirror-names.example' },
        'tube-mirror.example',
      ],
    ]);
    expect(requests.filter((path) => path.startsWith('/ripe/ip/'))).toEqual([
      '/ripe/ip/203.0.113.80',
    ]);
  });

  it('drops a later level whose channel an earlier one already has', async () => {
    const custom = parseSiteCatalog({
      version: 1,
      sites: [
        {
          id: 'mirror-tube',
          name: 'Mirror Tube',
          kind: 'tube',
          baseUrl: 'https://tube-mirror.example',
          search: {
            url: 'https://tube-mirror.example/s?q={query}',
            results: { item: '.r', link: 'a' },
          },
          dmca: { email: 'ABUSE@hosting.example' },
        },
      ],
    });
    const lookup = await resolver({ catalog: custom }).lookup('https://twin.tube-mirror.example/a');
    expect(lookup.recipients.map((recipient) => [recipient.role, recipient.channel])).toEqual([
      ['site', { kind: 'email', address: 'ABUSE@hosting.example' }],
      ['host', { kind: 'email', address: 'abuse@hosting-bv.example' }],
      ['registrar', { kind: 'email', address: 'abuse@mirror-names.example' }],
    ]);
  });

  it('reads an abuse address given only in remarks', async () => {
    const lookup = await resolver().lookup('http://old.tube-mirror.example/');
    expect(lookup.recipients[0]).toMatchObject({
      role: 'host',
      name: 'Old ISP Ltd',
      channel: { kind: 'email', address: 'abuse-reports@old-isp.example' },
      subject: '192.0.2.10',
    });
  });

  it('looks up an address written in the URL itself, without DNS or registrar', async () => {
    const v4 = await resolver().lookup('http://198.51.100.23:8080/leak.mp4');
    expect(v4).toMatchObject({
      host: '198.51.100.23',
      addresses: ['198.51.100.23'],
      domain: null,
      problems: [],
    });
    expect(v4.recipients.map((recipient) => recipient.channel)).toEqual([
      { kind: 'email', address: 'abuse@hosting.example' },
    ]);
    const v6 = await resolver().lookup('http://[2001:db8:4000::2]/x');
    expect(v6).toMatchObject({
      host: '2001:db8:4000::2',
      addresses: ['2001:db8:4000::2'],
      domain: null,
      problems: [],
    });
    expect(v6.recipients[0]?.name).toBe('Tubehost GmbH');
  });

  it('throws a clear error for an address that is not a web page', async () => {
    const lookup = resolver();
    await expect(lookup.lookup('not a url')).rejects.toThrow(
      new RecipientUrlError('"not a url" is not a valid web address.'),
    );
    await expect(lookup.lookup('ftp://files.example/x')).rejects.toThrow(
      'Only web pages (http or https) have recipients, not ftp addresses.',
    );
    await expect(lookup.lookup('mailto:someone@leaks.example')).rejects.toThrow(RecipientUrlError);
    await expect(lookup.lookup('')).rejects.toThrow(RecipientUrlError);
  });
});

describe('problems', () => {
  it('lists a network without an abuse contact and still names the registrar', async () => {
    const lookup = await resolver().lookup('https://quiet.tube-mirror.example/');
    expect(lookup.problems).toEqual([
      'The RDAP record of 198.51.100.200 (QUIET-NET, NET-198-51-100-192-1) names no abuse contact.',
    ]);
    expect(lookup.recipients.map((recipient) => recipient.role)).toEqual(['registrar']);
  });

  it('lists an address no RDAP server covers, and DNS that finds nothing or fails', async () => {
    const lan = await resolver().lookup('https://lan.tube-mirror.example/');
    expect(lan.problems).toEqual([
      "No RDAP server covers 10.0.0.1 (a private network address) in IANA's bootstrap file.",
    ]);
    expect(lan.recipients.map((recipient) => recipient.role)).toEqual(['registrar']);

    const gone = await resolver().lookup('https://gone.tube-mirror.example/');
    expect(gone.problems).toEqual([
      'gone.tube-mirror.example has no A or AAAA address (the site may be offline).',
    ]);
    expect(gone.recipients.map((recipient) => recipient.role)).toEqual(['registrar']);

    const servfail = await resolver().lookup('https://servfail.tube-mirror.example/');
    expect(servfail.problems).toEqual([
      'servfail.tube-mirror.example could not be resolved: queryA ESERVFAIL servfail.tube-mirror.example',
    ]);
  });

  it('keeps the registrar when the IP RDAP servers fail, listing each failure', async () => {
    standIn.setFault({ status: 500 }, 'ip');
    const lookup = await resolver().lookup('https://www.leaked-clips.example/videos/123');
    expect(lookup.recipients.map((recipient) => recipient.role)).toEqual(['registrar']);
    expect(lookup.problems).toHaveLength(2);
    expect(lookup.problems[0]).toMatch(
      /^The RDAP lookup of 198\.51\.100\.23 \(http:\/\/127\.0\.0\.1:\d+\/arin\/ip\/198\.51\.100\.23\) failed: 127\.0\.0\.1:\d+ answered HTTP 500\.$/,
    );
    expect(lookup.problems[1]).toMatch(
      /^The RDAP lookup of 2001:db8:a000::17 .* answered HTTP 500\.$/,
    );
  });

  it('keeps the hosts when the domain is unknown (404), its answer is not JSON, or its server never answers', async () => {
    const unknown = await resolver().lookup('https://www.unregistered.example/');
    expect(unknown.recipients.map((recipient) => recipient.role)).toEqual(['host']);
    expect(unknown.problems).toEqual([
      expect.stringMatching(
        /^The RDAP lookup of unregistered\.example \(.*\/example\/domain\/unregistered\.example\) failed: .* answered HTTP 404 \(not found\)\.$/,
      ),
    ]);

    standIn.setFault({ status: 200, body: '{"objectClassName": "domain", "ldhName": ' }, 'domain');
    const truncated = await resolver().lookup('https://www.leaked-clips.example/');
    expect(truncated.recipients.map((recipient) => recipient.role)).toEqual(['host', 'host']);
    expect(truncated.problems).toEqual([
      expect.stringMatching(
        /failed: 127\.0\.0\.1:\d+ answered with a body that is not valid JSON\.$/,
      ),
    ]);

    standIn.setFault({ hang: true }, 'domain');
    const impatient = createSafeFetcher({ allowlist: ['127.0.0.1'], timeoutMs: 400 });
    try {
      const slow = await resolver({ fetchJson: createFetchJson(impatient) }).lookup(
        'https://www.leaked-clips.example/',
      );
      expect(slow.recipients.map((recipient) => recipient.role)).toEqual(['host', 'host']);
      expect(slow.problems).toEqual([
        expect.stringMatching(/failed: 127\.0\.0\.1:\d+ did not answer within 0\.4 s\.$/),
      ]);
    } finally {
      await impatient.close();
    }
  });

  it('lists an unreadable bootstrap file once and still uses the others', async () => {
    const lookup = await resolver({
      bootstrap: { ...standIn.bootstrap, ipv4Url: `${standIn.origin}/missing/ipv4.json` },
    }).lookup('https://twin.tube-mirror.example/');
    expect(lookup.problems).toEqual([
      `IANA's RDAP bootstrap file ${standIn.origin}/missing/ipv4.json could not be read: 127.0.0.1:${new URL(standIn.origin).port} answered HTTP 404 (not found).`,
    ]);
    expect(lookup.recipients.map((recipient) => recipient.role)).toEqual(['registrar']);
  });
});

describe('the cache', () => {
  const url = 'https://www.leaked-clips.example/videos/123';

  it('answers a second lookup without HTTP, refetches stale records, and falls back to them when RDAP is down', async () => {
    const cache = createMemoryRecipientCache();
    let clock = new Date('2026-11-22T12:00:00Z');
    const cached = resolver({ cache, now: () => clock });

    const first = await requestsDuring(() => cached.lookup(url));
    expect([...first.requests].sort()).toEqual([
      '/arin/ip/198.51.100.23',
      '/arin/ip/2001:db8:a000::17',
      '/bootstrap/dns.json',
      '/bootstrap/ipv4.json',
      '/bootstrap/ipv6.json',
      '/example/domain/leaked-clips.example',
    ]);
    expect(cache.size).toBe(6);
    expect(await cache.get(`rdap:ip:${standIn.origin}/arin/ip/198.51.100.23`)).toEqual({
      value: fixture('arin-ip-v4.json'),
      fetchedAt: clock,
    });
    expect(await cache.get(`rdap:bootstrap:${standIn.bootstrap.dnsUrl}`)).not.toBeNull();
    expect(
      await cache.get(`rdap:domain:${standIn.origin}/example/domain/leaked-clips.example`),
    ).not.toBeNull();

    const second = await requestsDuring(() => cached.lookup(url));
    expect(second.requests).toEqual([]);
    expect(second.result).toEqual(first.result);

    // Two days on, the records (a day's life) are fetched again; the bootstrap files (a week's) are not.
    clock = new Date('2026-11-24T12:00:00Z');
    const third = await requestsDuring(() => cached.lookup(url));
    expect([...third.requests].sort()).toEqual([
      '/arin/ip/198.51.100.23',
      '/arin/ip/2001:db8:a000::17',
      '/example/domain/leaked-clips.example',
    ]);
    expect((await cache.get(`rdap:ip:${standIn.origin}/arin/ip/198.51.100.23`))?.fetchedAt).toEqual(
      clock,
    );
    expect(third.result).toEqual(first.result);

    // Stale again while every RDAP server is down: the stored answers are used and the failures listed.
    clock = new Date('2026-11-27T12:00:00Z');
    standIn.setFault({ status: 503 }, 'all');
    const fourth = await cached.lookup(url);
    expect(fourth.recipients).toEqual(first.result.recipients);
    expect(fourth.problems).toHaveLength(3);
    for (const problem of fourth.problems) {
      expect(problem).toMatch(
        /could not be fetched again \(.* answered HTTP 503\); its answer of 2026-11-24T12:00:00\.000Z was used\.$/,
      );
    }
  });

  it('shares one request among lookups running at the same time', async () => {
    const shared = resolver();
    const { requests } = await requestsDuring(() =>
      Promise.all([shared.lookup(url), shared.lookup(`${url}?again`)]),
    );
    expect(requests.filter((path) => path === '/arin/ip/198.51.100.23')).toHaveLength(1);
    expect(requests.filter((path) => path === '/bootstrap/ipv4.json')).toHaveLength(1);
  });

  it('treats a stored entry of another shape as a miss', async () => {
    const odd = createMemoryRecipientCache();
    await odd.set(
      `rdap:bootstrap:${standIn.bootstrap.ipv4Url}`,
      { services: 'garbled' },
      'yesterday' as unknown as Date,
    );
    const lookup = await resolver({ cache: odd }).lookup(url);
    expect(lookup.problems).toEqual([]);
    expect(lookup.recipients).toHaveLength(3);
    expect(
      (await odd.get(`rdap:bootstrap:${standIn.bootstrap.ipv4Url}`))?.fetchedAt,
    ).toBeInstanceOf(Date);
  });

  it('still answers when the cache itself fails', async () => {
    const failing = {
      get: () => Promise.reject(new Error('database is down')),
      set: () => Promise.reject(new Error('database is down')),
    };
    const lookup = await resolver({ cache: failing }).lookup(url);
    expect(lookup.recipients).toHaveLength(3);
    expect(
      lookup.problems.some((problem) =>
        problem.startsWith('The recipient cache could not be read (database is down)'),
      ),
    ).toBe(true);
    expect(lookup.problems).toContain(
      'The recipient cache could not be written (database is down).',
    );
  });
});
