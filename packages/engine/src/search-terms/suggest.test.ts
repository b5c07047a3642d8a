// Suggested search terms: which phrases, in which order, and the guarantees every list keeps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeSearchTerm } from './normalize.ts';
import {
  DEFAULT_SUGGESTIONS_PER_USERNAME,
  MAX_MISSPELLINGS,
  misspellingsOf,
  suggestForUsername,
  suggestSearchTerms,
} from './suggest.ts';

const termsOf = (platform: string, username: string, perUsername?: number) =>
  suggestForUsername({ platform, username }, perUsername === undefined ? {} : { perUsername }).map(
    (s) => s.term,
  );

describe('normalizeSearchTerm', () => {
  it('lower-cases, collapses spaces and trims', () => {
    expect(normalizeSearchTerm('  Jane   DOE\tLeaked \n')).toBe('jane doe leaked');
  });

  it('folds full-width letters and drops invisible characters', () => {
    expect(normalizeSearchTerm('ＪＡＮＥ')).toBe('jane');
    expect(normalizeSearchTerm('ja\u200bne\u200d doe')).toBe('jane doe');
  });
});

describe('suggestForUsername', () => {
  it('gives the username with the words leak sites use, its other spellings and slips, most useful first', () => {
    expect(termsOf('onlyfans', 'jane_doe')).toEqual([
      'jane_doe',
      'jane_doe leaked',
      'jane_doe onlyfans',
      'jane doe',
      'janedoe',
      'jane_doe leak',
      'jane doe leaked',
      'jane_doe onlyfans leaked',
      'jannedoe',
      'janedeo',
      'jane_doe fansly',
      'jane_doe leaks',
      'jane_doe free',
      'jane_doe mega',
      'jane_doe telegram',
    ]);
  });

  it('names the platform the username is on, as searchers call it', () => {
    expect(termsOf('instagram', 'bellarose')).toContain('bellarose instagram');
    expect(termsOf('x', 'bellarose')).toContain('bellarose twitter');
    expect(termsOf('x', 'bellarose').some((t) => / x$/u.test(t))).toBe(false);
    expect(termsOf('fansly', 'bellarose').filter((t) => t === 'bellarose fansly')).toHaveLength(1);
  });

  it('spaces and joins names written with dots, dashes, underscores or capitals', () => {
    for (const username of ['jane.doe', 'jane-doe', 'jane_doe', 'JaneDoe', '@JaneDoe']) {
      const terms = termsOf('onlyfans', username);
      expect(terms, username).toContain('jane doe');
      expect(terms, username).toContain('janedoe');
      expect(terms, username).toContain('jane doe leaked');
    }
    expect(termsOf('reddit', 'u/JaneDoe')[0]).toBe('janedoe');
  });

  it('searches a website by its address alone and pairs keywords with the name', () => {
    const terms = termsOf('website', 'https://www.jane-doe.co.uk/about');
    expect(terms[0]).toBe('jane-doe.co.uk');
    expect(terms).toContain('janedoe leaked');
    expect(terms).toContain('jane doe');
    expect(terms.some((t) => t.startsWith('jane-doe.co.uk '))).toBe(false);
  });

  it('never suggests a short name alone', () => {
    const terms = termsOf('telegram', 'kim');
    expect(terms).not.toContain('kim');
    expect(terms).toContain('kim leaked');
    expect(terms).toContain('kim telegram');
  });

  it('gives nothing for a username with no letters or digits', () => {
    expect(termsOf('other', '  !!  ')).toEqual([]);
  });

  it('caps the list per username and keeps the order when capped', () => {
    const all = termsOf('onlyfans', 'jane_doe');
    expect(all).toHaveLength(DEFAULT_SUGGESTIONS_PER_USERNAME);
    expect(termsOf('onlyfans', 'jane_doe', 4)).toEqual(all.slice(0, 4));
  });

  it('leaves out terms longer than the maximum', () => {
    const long = 'a'.repeat(70);
    const terms = suggestForUsername(
      { platform: 'onlyfans', username: long },
      { maxLength: 75 },
    ).map((s) => s.term);
    expect(terms).toContain(long);
    expect(terms).toContain(`${long} leak`);
    expect(terms).not.toContain(`${long} leaked`);
  });

  it('tags each term with what it is', () => {
    const kinds = Object.fromEntries(
      suggestForUsername({ platform: 'onlyfans', username: 'jane_doe' }).map((s) => [
        s.term,
        s.kind,
      ]),
    );
    expect(kinds).toMatchObject({
      jane_doe: 'username',
      'jane_doe leaked': 'keyword',
      'jane doe': 'variant',
      jannedoe: 'misspelling',
    });
  });
});

describe('misspellingsOf', () => {
  it('types a doubled letter once, doubles a single one between vowels, swaps two vowels', () => {
    expect(misspellingsOf('bellarose')).toEqual(['belarose', 'bellarrose']);
    expect(misspellingsOf('janedoe')).toEqual(['jannedoe', 'janedeo']);
    expect(misspellingsOf('sophia')).toEqual(['sophai']);
  });

  it('gives at most a few, never the name itself, and none for short names', () => {
    expect(misspellingsOf('anna')).toEqual([]);
    const many = misspellingsOf('aabbccddeeffaloia');
    expect(many).toHaveLength(MAX_MISSPELLINGS);
    expect(many).not.toContain('aabbccddeeffaloia');
  });
});

describe('suggestSearchTerms', () => {
  it('lists a term two usernames share once, under the first, and keeps the rest of each', () => {
    const onlyfans = { id: 'a', platform: 'onlyfans', username: 'jane_doe' };
    const instagram = { id: 'b', platform: 'instagram', username: 'jane_doe' };
    const result = suggestSearchTerms([onlyfans, instagram]);
    const terms = result.map((s) => s.term);
    expect(new Set(terms).size).toBe(terms.length);
    expect(result.find((s) => s.term === 'jane_doe')?.source).toBe(onlyfans);
    expect(result.find((s) => s.term === 'jane_doe instagram')?.source).toBe(instagram);
  });

  it('is deterministic', () => {
    const sources = [
      { platform: 'fansly', username: 'Lily.Moon' },
      { platform: 'x', username: 'lilymoon_x' },
    ];
    expect(suggestSearchTerms(sources)).toEqual(suggestSearchTerms(sources));
  });

  it('always gives normalised, unique, capped terms of letters, digits, spaces and name separators', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            platform: fc.constantFrom('onlyfans', 'fansly', 'instagram', 'x', 'website', 'other'),
            username: fc.string({ maxLength: 40 }),
          }),
          { maxLength: 4 },
        ),
        fc.integer({ min: 1, max: 20 }),
        (sources, perUsername) => {
          const result = suggestSearchTerms(sources, { perUsername, maxLength: 80 });
          const terms = result.map((s) => s.term);
          expect(new Set(terms).size).toBe(terms.length);
          for (const source of sources) {
            expect(result.filter((s) => s.source === source).length).toBeLessThanOrEqual(
              perUsername,
            );
          }
          for (const term of terms) {
            expect(term).toBe(normalizeSearchTerm(term));
            expect(term.length).toBeGreaterThan(0);
            expect(term.length).toBeLessThanOrEqual(80);
            expect(term).toMatch(/^[\p{L}\p{M}\p{N}._ -]+$/u);
          }
        },
      ),
    );
  });
});
