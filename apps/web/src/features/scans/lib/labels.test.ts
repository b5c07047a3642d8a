import { describe, expect, it } from 'vitest';
import { count, formatElapsed, formatRelative, siteKindLabel, siteKindsLabel } from './labels.ts';

describe('site kinds', () => {
  it('names each kind in the singular and the plural, capitalised', () => {
    expect(siteKindLabel('telegram-index')).toBe('Telegram index');
    expect(siteKindsLabel('telegram-index')).toBe('Telegram indexes');
    expect(siteKindLabel('file-host')).toBe('File host');
    expect(siteKindsLabel('image-board')).toBe('Image boards');
  });

  it('shows a kind it does not know as the server spelled it', () => {
    expect(siteKindsLabel('dark-web')).toBe('Dark-web');
  });
});

describe('count', () => {
  it('picks the singular for one and the plural otherwise', () => {
    expect(count(1, 'scan', 'scans')).toBe('1 scan');
    expect(count(0, 'scan', 'scans')).toBe('0 scans');
    expect(count(12_000, 'page', 'pages')).toBe('12,000 pages');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2025-05-10T12:00:00Z');
  it('says how far a time is in the nearest whole unit', () => {
    expect(formatRelative('2025-05-13T12:00:00Z', now)).toBe('in 3 days');
    expect(formatRelative('2025-05-10T10:00:00Z', now)).toBe('2 hours ago');
    expect(formatRelative('2025-05-10T12:05:00Z', now)).toBe('in 5 minutes');
    expect(formatRelative('2025-05-11T12:00:00Z', now)).toBe('tomorrow');
  });

  it('does not count seconds', () => {
    expect(formatRelative('2025-05-10T12:00:20Z', now)).toBe('in under a minute');
    expect(formatRelative('2025-05-10T11:59:40Z', now)).toBe('just now');
  });
});

describe('formatElapsed', () => {
  const start = '2025-05-10T12:00:00Z';
  const at = (seconds: number) => Date.parse(start) + seconds * 1000;
  it('shows seconds, minutes with seconds, or hours with minutes', () => {
    expect(formatElapsed(start, at(12))).toBe('12 s');
    expect(formatElapsed(start, at(245))).toBe('4 min 05 s');
    expect(formatElapsed(start, at(3 * 3600 + 7 * 60))).toBe('3 h 07 min');
  });

  it('never goes below zero when the clocks disagree', () => {
    expect(formatElapsed(start, at(-5))).toBe('0 s');
  });
});
