import type { NameSightingGroup } from '@shark/contracts/name-sightings.ts';
import { describe, expect, it } from 'vitest';
import { pageLabel, pagesLabel, sectionTitle } from './labels.ts';

const group = (siteName: string, count = 1): NameSightingGroup => ({
  site: siteName,
  siteName,
  count,
  lastSeenAt: '2026-11-01T00:00:00.000Z',
  pages: Array.from({ length: Math.min(count, 5) }, (_, i) => ({
    url: `https://${siteName}/${i}`,
    title: null,
    lastSeenAt: '2026-11-01T00:00:00.000Z',
  })),
});

describe('sectionTitle', () => {
  it('names the newest site and counts the others', () => {
    expect(sectionTitle([])).toBe('Your name seen on other sites');
    expect(sectionTitle([group('lunafox.studio')])).toBe('Your name seen on lunafox.studio');
    expect(sectionTitle([group('a.example'), group('b.example')])).toBe(
      'Your name seen on a.example and 1 other site',
    );
    expect(sectionTitle([group('a.example'), group('b.example'), group('c.example')])).toBe(
      'Your name seen on a.example and 2 other sites',
    );
  });
});

describe('pagesLabel', () => {
  it('says when only some pages are shown', () => {
    expect(pagesLabel(group('a.example', 1))).toBe('1 page');
    expect(pagesLabel(group('a.example', 3))).toBe('3 pages');
    expect(pagesLabel(group('a.example', 12))).toBe('12 pages, 5 shown');
  });
});

describe('pageLabel', () => {
  it('drops the scheme, www. and a trailing slash', () => {
    expect(pageLabel('https://www.lunafox.studio/about/')).toBe('lunafox.studio/about');
    expect(pageLabel('http://127.0.0.1:8080/')).toBe('127.0.0.1:8080');
  });
});
