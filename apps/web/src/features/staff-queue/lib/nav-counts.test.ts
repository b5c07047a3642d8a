import { describe, expect, it } from 'vitest';
import { queueNavPartsOf, staffNavCountsOf } from './nav-counts.ts';

describe('staffNavCountsOf', () => {
  it('adds every open item for the queue and takes the support kind for Support', () => {
    expect(
      staffNavCountsOf({
        kinds: [
          { kind: 'form_notice', open: 3, overdue: 1 },
          { kind: 'support', open: 2, overdue: 0 },
          { kind: 'takedown_decision', open: 0, overdue: 0 },
        ],
        mine: 1,
      }),
    ).toEqual({ queue: 5, support: 2 });
  });

  it('shows nothing before the counts arrive', () => {
    expect(staffNavCountsOf(undefined)).toEqual({});
  });
});

describe('queueNavPartsOf', () => {
  it('gives a line for each kind with open work, linked to the queue filtered to it', () => {
    expect(
      queueNavPartsOf({
        kinds: [
          { kind: 'form_notice', open: 3, overdue: 1 },
          { kind: 'takedown_decision', open: 0, overdue: 0 },
        ],
        mine: 0,
      }),
    ).toEqual([
      {
        label: 'Web-form notice',
        to: '/staff/queue',
        search: { work: 'form_notice' },
        count: 3,
        overdue: 1,
      },
    ]);
    expect(queueNavPartsOf(undefined)).toEqual([]);
  });
});
