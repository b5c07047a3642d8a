import { describe, expect, it } from 'vitest';
import { formatRemovalRate } from '@shark/contracts/takedown-report.ts';
import { bucketLabel, formatRelative } from './format.ts';

describe('dashboard formats', () => {
  it('labels buckets by day or month in UTC', () => {
    expect(bucketLabel('2026-05-12', 'day')).toBe('12 May');
    expect(bucketLabel('2026-05-11', 'week')).toBe('11 May');
    expect(bucketLabel('2026-05-01', 'month')).toBe('May 26');
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-05-12T12:00:00Z');
    expect(formatRelative('2026-05-12T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelative('2026-05-14T12:00:00Z', now)).toBe('in 2 days');
  });

  it('shows the removal rate as a percentage, or a dash when nothing counts yet', () => {
    expect(formatRemovalRate(null)).toBe('—');
    expect(formatRemovalRate(1 / 6)).toBe('16.7 %');
    expect(formatRemovalRate(1)).toBe('100 %');
    expect(formatRemovalRate(0)).toBe('0 %');
  });
});
