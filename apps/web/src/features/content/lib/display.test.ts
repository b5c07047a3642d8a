import { describe, expect, it } from 'vitest';
import { formatPublishedOn, shortUrl } from './display.ts';

describe('item display', () => {
  it('shows links without scheme, www or a bare trailing slash', () => {
    expect(shortUrl('https://www.onlyfans.com/')).toBe('onlyfans.com');
    expect(shortUrl('https://onlyfans.com/me/post/1?x=2')).toBe('onlyfans.com/me/post/1?x=2');
    expect(shortUrl('not a url')).toBe('not a url');
  });

  it('shows the calendar day given, whatever the time zone', () => {
    const expected = new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeZone: 'UTC',
    }).format(Date.UTC(2024, 2, 1));
    expect(formatPublishedOn('2024-03-01')).toBe(expected);
  });
});
