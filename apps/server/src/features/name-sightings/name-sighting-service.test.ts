import { describe, expect, it } from 'vitest';
import type { NameSightingRow } from './name-sighting-repository.ts';
import { groupBySite, siteNameOf, whitelistEntryOfSite } from './name-sighting-service.ts';

const row = (site: string, path: string, minutesAgo: number): NameSightingRow => ({
  id: `${site}${path}`,
  userId: 'u1',
  site,
  pageUrl: `https://${site}${path}`,
  normalizedUrl: `${site}${path}`,
  pageTitle: path === '/' ? null : `Page ${path}`,
  lastScanId: null,
  firstSeenAt: new Date(Date.UTC(2026, 10, 1)),
  lastSeenAt: new Date(Date.UTC(2026, 10, 1, 12, 0) - minutesAgo * 60_000),
});

describe('groupBySite', () => {
  it('keeps the order it is given (newest first), counts every page and shows five per site', () => {
    const rows = [
      row('b.example', '/1', 1),
      row('a.example', '/1', 2),
      ...[2, 3, 4, 5, 6, 7].map((n) => row('b.example', `/${n}`, 2 + n)),
    ];
    const groups = groupBySite(rows);
    expect(groups.map((g) => [g.site, g.count, g.pages.length])).toEqual([
      ['b.example', 7, 5],
      ['a.example', 1, 1],
    ]);
    expect(groups[0]!.lastSeenAt).toBe('2026-11-01T11:59:00.000Z');
    expect(groups[0]!.pages.map((p) => p.url)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `https://b.example/${n}`),
    );
    expect(groupBySite([])).toEqual([]);
  });
});

describe('whitelistEntryOfSite and siteNameOf', () => {
  it('whitelist a domain as a domain, an address on a port as a pattern for that port', () => {
    expect(whitelistEntryOfSite('lunafox.studio')).toEqual({
      value: 'lunafox.studio',
      kind: 'domain',
    });
    expect(whitelistEntryOfSite('127.0.0.1:8080')).toEqual({
      value: '127.0.0.1:8080',
      kind: 'pattern',
    });
  });

  it('show hosts in Unicode, keeping the port', () => {
    expect(siteNameOf('xn--bcher-kva.example')).toBe('bücher.example');
    expect(siteNameOf('127.0.0.1:8080')).toBe('127.0.0.1:8080');
  });
});
