// Enforcement's variables: the defaults, and every bad one reported with the rest.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config/env.ts';

const dir = mkdtempSync(join(tmpdir(), 'shark-enforcement-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('enforcement configuration', () => {
  it('defaults to IANA, the shipped CDN list, 72 hours to answer and 20 notices an hour per recipient', () => {
    const { enforcement } = loadConfig({ DATA_DIR: dir });
    expect(enforcement).toMatchObject({
      rdapBootstrap: {
        ipv4Url: 'https://data.iana.org/rdap/ipv4.json',
        ipv6Url: 'https://data.iana.org/rdap/ipv6.json',
        dnsUrl: 'https://data.iana.org/rdap/dns.json',
      },
      cdnRanges: undefined,
      responseHours: 72,
      firstCheckHours: 24,
      sendAttempts: 8,
      ratePerRecipientPerHour: 20,
      delistingBatchHourUtc: 0,
    });
  });

  it('reads a CDN list file, one provider or several', () => {
    const file = join(dir, 'cdn.json');
    writeFileSync(
      file,
      JSON.stringify({
        id: 'fastcdn',
        name: 'Fast CDN Ltd',
        channel: { kind: 'email', address: 'abuse@fastcdn.example' },
        ranges: ['192.0.2.0/24'],
      }),
    );
    expect(
      loadConfig({ DATA_DIR: dir, CDN_RANGES: file }).enforcement.cdnRanges?.providers.map(
        (p) => p.id,
      ),
    ).toEqual(['fastcdn']);
  });

  it('lists every bad enforcement variable at once', () => {
    const bad = join(dir, 'bad-cdn.json');
    writeFileSync(
      bad,
      JSON.stringify({
        providers: [
          {
            id: 'x',
            name: 'X',
            channel: { kind: 'email', address: 'nope' },
            ranges: ['not a range'],
          },
        ],
      }),
    );
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dir,
        RDAP_BOOTSTRAP_DNS_URL: 'ftp://rdap.example/dns.json',
        CDN_RANGES: bad,
        TAKEDOWN_RESPONSE_HOURS: '0',
        DELISTING_BATCH_HOUR_UTC: '24',
        NOTICE_RATE_PER_RECIPIENT_PER_HOUR: 'many',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/RDAP_BOOTSTRAP_DNS_URL: must be an http\(s\) URL/);
    expect(message).toMatch(/CDN_RANGES: .*bad-cdn\.json provider 1: channel\.address/);
    expect(message).toMatch(/CDN_RANGES: .*ranges\.0: must be an address prefix/);
    expect(message).toMatch(/TAKEDOWN_RESPONSE_HOURS: must be a whole number above 0/);
    expect(message).toMatch(/DELISTING_BATCH_HOUR_UTC: must be an hour from 0 to 23/);
    expect(message).toMatch(/NOTICE_RATE_PER_RECIPIENT_PER_HOUR: must be a whole number above 0/);
    expect(() => loadConfig({ DATA_DIR: dir, CDN_RANGES: join(dir, 'missing.json') })).toThrow(
      /CDN_RANGES: .*missing\.json cannot be read as JSON/,
    );
  });
});
