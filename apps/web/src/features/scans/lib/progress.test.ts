import type { Scan, StageProgress } from '@shark/contracts/scans.ts';
import { describe, expect, it } from 'vitest';
import {
  formatShare,
  isScanActive,
  scanProgress,
  siteNotes,
  summarizeStage,
  totalFindings,
} from './progress.ts';

const none: StageProgress = { queued: 0, running: 0, done: 0, failed: 0, skipped: 0 };
const stages = (over: Partial<Scan['stages']> = {}): Scan['stages'] => ({
  discover: none,
  profile: none,
  fetch: none,
  match: none,
  ...over,
});

describe('summarizeStage', () => {
  it('counts done, failed and skipped as finished and queued and running as waiting', () => {
    expect(
      summarizeStage('fetch', { queued: 4, running: 2, done: 10, failed: 1, skipped: 3 }),
    ).toEqual({
      stage: 'fetch',
      total: 20,
      finished: 14,
      done: 10,
      failed: 1,
      skipped: 3,
      waiting: 6,
    });
  });
});

describe('scanProgress', () => {
  it('adds the stages up and shares finished over all tasks', () => {
    const progress = scanProgress({
      status: 'running',
      stages: stages({
        discover: { ...none, done: 3, running: 1 },
        fetch: { ...none, done: 2, failed: 1, skipped: 1, queued: 2 },
      }),
    });
    expect(progress.total).toBe(10);
    expect(progress.finished).toBe(7);
    expect(progress.share).toBeCloseTo(0.7);
    expect(progress.stages.map((s) => s.stage)).toEqual(['discover', 'profile', 'fetch', 'match']);
  });

  it('knows nothing yet for a queued scan without tasks', () => {
    expect(scanProgress({ status: 'queued', stages: stages() }).share).toBeNull();
  });

  it('never reaches 100% while the scan runs, even with every listed task finished', () => {
    const progress = scanProgress({
      status: 'running',
      stages: stages({ discover: { ...none, done: 5 } }),
    });
    expect(progress.share).toBe(0.99);
    expect(formatShare(progress.share ?? 0)).toBe('99%');
  });

  it('is full once the scan has ended, completed or failed', () => {
    expect(
      scanProgress({ status: 'completed', stages: stages({ fetch: { ...none, queued: 3 } }) })
        .share,
    ).toBe(1);
    expect(scanProgress({ status: 'failed', stages: stages() }).share).toBe(1);
  });
});

describe('formatShare', () => {
  it('rounds down, without floating-point slips, and stays within 0–100%', () => {
    expect(formatShare(0.29)).toBe('29%');
    expect(formatShare(0.456)).toBe('45%');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(1.5)).toBe('100%');
    expect(formatShare(-0.1)).toBe('0%');
  });
});

describe('isScanActive and totalFindings', () => {
  it('polls queued and running scans only', () => {
    expect(isScanActive('queued')).toBe(true);
    expect(isScanActive('running')).toBe(true);
    expect(isScanActive('completed')).toBe(false);
    expect(isScanActive('failed')).toBe(false);
  });

  it('adds the kinds of finding', () => {
    expect(totalFindings({ leak: 2, mention: 1, impersonation: 3 })).toBe(6);
  });
});

describe('siteNotes', () => {
  const gone = {
    origin: 'https://gone.example',
    message: 'The name gone.example could not be found.',
    at: '2026-01-01T00:00:00.000Z',
  };

  it('says nothing when the scan gave no site up and searched none further', () => {
    expect(siteNotes({ unreachable: [], expanded: [] })).toEqual({
      unreachable: null,
      expanded: null,
    });
  });

  it('names each site given up, why, and the tasks skipped for it', () => {
    expect(
      siteNotes({
        unreachable: [
          { ...gone, site: 'gone.example', reason: 'dns', skippedTasks: 12 },
          { ...gone, site: '127.0.0.1:9', reason: 'refused', skippedTasks: 1 },
        ],
        expanded: [],
      }).unreachable,
    ).toEqual({
      heading: 'Skipped 2 sites that could not be reached',
      lines: [
        'gone.example — did not resolve (12 tasks)',
        '127.0.0.1:9 — refused connections (1 task)',
      ],
    });
  });

  it('counts the pages of each site searched further against its budget', () => {
    expect(
      siteNotes({
        unreachable: [],
        expanded: [
          { site: 'leaks.example', origin: 'https://leaks.example', pages: 1200, budget: 2000 },
        ],
      }).expanded,
    ).toEqual({
      heading: 'Searched 1 site further from copies found there',
      lines: ['leaks.example — pages 1,200 of 2,000'],
    });
  });
});
