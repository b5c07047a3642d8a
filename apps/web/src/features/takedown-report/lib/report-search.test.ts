import { describe, expect, it } from 'vitest';
import {
  apiSearchOf,
  exportUrl,
  hasFilters,
  queryOf,
  takedownReportSearchSchema,
} from './report-search.ts';

describe('the report’s search options', () => {
  it('keeps what it can use and drops the rest', () => {
    expect(
      takedownReportSearchSchema.parse({
        status: ['removed', 'removed', 'closed'],
        kind: 'spam',
        siteKind: 'forum',
        q: 2024,
        from: '2026-02-30',
        to: '2026-03-01',
        sort: 'host',
        dir: 'sideways',
      }),
    ).toEqual({
      status: ['removed', 'closed'],
      kind: undefined,
      siteKind: 'forum',
      q: '2024',
      from: undefined,
      to: '2026-03-01',
      sort: 'host',
      dir: undefined,
      cursor: undefined,
      takedown: undefined,
    });
    expect(takedownReportSearchSchema.parse({ status: ['gone'] }).status).toBeUndefined();
  });

  it('swaps a start after the end', () => {
    expect(queryOf({ from: '2026-03-02', to: '2026-03-01' })).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-02',
    });
  });

  it('builds the API’s query with statuses repeated and the default order', () => {
    expect(
      apiSearchOf({ status: ['removed', 'closed'], q: 'tube', cursor: 'abc' }).toString(),
    ).toBe('status=removed&status=closed&q=tube&sort=confirmedAt&dir=desc&cursor=abc');
  });

  it('links the exports with the filters and the brand, never the page', () => {
    expect(
      exportUrl('csv', { kind: 'leak', sort: 'host', dir: 'asc', cursor: 'abc' }, 'shark'),
    ).toBe('/api/takedowns/export.csv?kind=leak&sort=host&dir=asc&provider=shark');
  });

  it('tells filters from the order', () => {
    expect(hasFilters({ sort: 'host', dir: 'asc' })).toBe(false);
    expect(hasFilters({ status: [] })).toBe(false);
    expect(hasFilters({ siteKind: 'tube' })).toBe(true);
  });
});
