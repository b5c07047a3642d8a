// Every suggestion is a term the creator could have typed: it passes the add form's rules unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchTermTextSchema } from '@shark/contracts/search-terms.ts';
import { suggestionsFor } from './search-term-service.ts';

describe('suggestionsFor', () => {
  it('keeps only suggestions that pass the rules of a typed term, as they are', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            platform: fc.constantFrom(
              'onlyfans',
              'fansly',
              'instagram',
              'tiktok',
              'x',
              'reddit',
              'telegram',
              'youtube',
              'website',
              'other',
            ),
            username: fc.oneof(
              fc.string({ maxLength: 30 }),
              fc.stringMatching(/^[A-Za-z][A-Za-z0-9._-]{0,28}$/),
            ),
          }),
          { maxLength: 3 },
        ),
        (usernames) => {
          for (const { term } of suggestionsFor(usernames)) {
            expect(searchTermTextSchema.parse(term)).toBe(term);
          }
        },
      ),
    );
  });

  it('drops phrases made only of common words, and keeps the rest', () => {
    const terms = suggestionsFor([{ platform: 'onlyfans', username: 'free' }]).map((s) => s.term);
    expect(terms).toEqual([]);
    const jane = suggestionsFor([{ platform: 'onlyfans', username: 'jane_doe' }]).map(
      (s) => s.term,
    );
    expect(jane).toHaveLength(15);
  });
});
