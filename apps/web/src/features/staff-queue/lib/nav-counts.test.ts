import { describe, expect, it } from 'vitest';
import { staffNavCountsOf } from './nav-counts.ts';

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
