import type { WhitelistBulkReport } from '@shark/contracts/whitelist.ts';
import { describe, expect, it } from 'vitest';
import { formatAddedDate, reportSummary } from './labels.ts';

const report = (counts: WhitelistBulkReport['counts']): WhitelistBulkReport => ({
  results: [],
  counts,
  limit: null,
  limitMessage: null,
});

describe('reportSummary', () => {
  it('names only what happened, in the singular when there is one', () => {
    expect(reportSummary(report({ added: 1, duplicate: 0, invalid: 0, refused: 0 }))).toBe(
      '1 entry added',
    );
    expect(reportSummary(report({ added: 0, duplicate: 2, invalid: 1, refused: 3 }))).toBe(
      '0 entries added, 2 duplicates, 1 could not be read, 3 over your plan’s limit',
    );
  });
});

describe('formatAddedDate', () => {
  it('writes the date with the month in words', () => {
    expect(formatAddedDate('2026-03-04T12:00:00.000Z')).toBe('Mar 4, 2026');
  });
});
