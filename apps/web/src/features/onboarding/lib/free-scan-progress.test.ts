import { describe, expect, it } from 'vitest';
import {
  freeScanShare,
  isFreeScanActive,
  kindCounts,
  secondsLeft,
  type FreeScan,
} from './free-scan-progress.ts';

const start = Date.parse('2025-05-10T12:00:00Z');
const scan = (over: Partial<FreeScan> = {}): FreeScan => ({
  id: 's1',
  status: 'running',
  startedAt: '2025-05-10T12:00:00Z',
  finishedAt: null,
  deadlineAt: '2025-05-10T12:02:00Z',
  queryBudget: 40,
  queriesUsed: 10,
  pagesChecked: 7,
  ...over,
});

describe('freeScanShare', () => {
  it('follows whichever bound is nearer its end: the query budget or the deadline', () => {
    expect(freeScanShare(scan(), start + 30_000)).toBeCloseTo(0.25);
    expect(freeScanShare(scan(), start + 90_000)).toBeCloseTo(0.75);
    expect(freeScanShare(scan({ queriesUsed: 36 }), start + 30_000)).toBeCloseTo(0.9);
  });

  it('stays under 100% until the scan has finished, then is full', () => {
    expect(freeScanShare(scan(), start + 600_000)).toBe(0.99);
    expect(freeScanShare(scan({ status: 'completed' }), start)).toBe(1);
    expect(freeScanShare(scan({ status: 'failed' }), start)).toBe(1);
  });

  it('knows nothing for a queued scan without bounds', () => {
    expect(
      freeScanShare(scan({ status: 'queued', startedAt: null, queryBudget: null }), start),
    ).toBeNull();
  });
});

describe('secondsLeft', () => {
  it('counts down to the deadline and stops at zero', () => {
    expect(secondsLeft(scan(), start + 30_500)).toBe(90);
    expect(secondsLeft(scan(), start + 999_000)).toBe(0);
    expect(secondsLeft(scan({ deadlineAt: null }), start)).toBeNull();
  });
});

describe('isFreeScanActive', () => {
  it('is active while queued or running', () => {
    expect(isFreeScanActive(null)).toBe(false);
    expect(isFreeScanActive(scan({ status: 'queued' }))).toBe(true);
    expect(isFreeScanActive(scan())).toBe(true);
    expect(isFreeScanActive(scan({ status: 'completed' }))).toBe(false);
  });
});

describe('kindCounts', () => {
  it('lists the six kinds, zeros included, then other kinds found, largest first', () => {
    expect(kindCounts({ tube: 3, forum: 0, other: 1, 'dark-web': 2 })).toEqual([
      { kind: 'tube', count: 3 },
      { kind: 'forum', count: 0 },
      { kind: 'file-host', count: 0 },
      { kind: 'image-board', count: 0 },
      { kind: 'telegram-index', count: 0 },
      { kind: 'social-network', count: 0 },
      { kind: 'dark-web', count: 2 },
      { kind: 'other', count: 1 },
    ]);
  });
});
