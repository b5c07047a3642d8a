import { describe, expect, it } from 'vitest';
import { apiSearchOf, queryOf, registrySearchSchema } from './registry-search.ts';

describe('registrySearchSchema', () => {
  it('keeps the usable options and drops the rest', () => {
    expect(
      registrySearchSchema.parse({
        q: ' agency ',
        category: 'leak_seller',
        page: 2,
        tab: 'mine',
        entry: 'abc',
      }),
    ).toEqual({
      q: 'agency',
      category: 'leak_seller',
      page: 2,
      tab: 'mine',
      entry: 'abc',
    });
    expect(registrySearchSchema.parse({ q: 2024 })).toEqual({ q: '2024' });
    expect(
      registrySearchSchema.parse({ q: '   ', category: 'astrologer', page: 0, tab: 'other' }),
    ).toEqual({});
  });
});

describe('apiSearchOf', () => {
  it('sends only what is set; the first page is the default', () => {
    expect(apiSearchOf(queryOf({})).toString()).toBe('');
    expect(apiSearchOf(queryOf({ q: 'a b', category: 'other', page: 3 })).toString()).toBe(
      'q=a+b&kind=other&page=3',
    );
  });
});
