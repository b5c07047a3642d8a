import { describe, expect, it } from 'vitest';
import type { SearchTerm } from '@shark/contracts/search-terms.ts';
import {
  lastResultsSummary,
  sourcesSummary,
  suggestedFromSummary,
} from '#app/features/search-terms/lib/labels.ts';

const term = (overrides: Partial<SearchTerm>): SearchTerm => ({
  id: 't1',
  term: 'jane doe',
  status: 'active',
  origin: 'creator',
  sources: [],
  suggestedFrom: null,
  lastResults: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

describe('search-term labels', () => {
  it('says “Not searched yet” until a scan has run, then what it found', () => {
    expect(lastResultsSummary(null)).toBe('Not searched yet');
    expect(
      lastResultsSummary({ searchedAt: '2025-03-04T10:00:00.000Z', resultCount: 1, matchCount: 0 }),
    ).toMatch(/^1 result, 0 with your content · /);
    expect(
      lastResultsSummary({
        searchedAt: '2025-03-04T10:00:00.000Z',
        resultCount: 12,
        matchCount: 3,
      }),
    ).toMatch(/^12 results, 3 with your content · /);
  });

  it('names the chosen sources, or all that are on', () => {
    expect(sourcesSummary([])).toBe('All sources that are on');
    expect(sourcesSummary(['brave-web', 'site-catalog'])).toBe(
      'Brave Search (web), Known leak sites',
    );
  });

  it('names the username a suggestion came from', () => {
    expect(suggestedFromSummary(term({}))).toBeNull();
    expect(
      suggestedFromSummary(
        term({ suggestedFrom: { accountId: 'a1', platform: 'onlyfans', username: 'jane_doe' } }),
      ),
    ).toBe('jane_doe on OnlyFans');
  });
});
