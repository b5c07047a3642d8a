import { FREE_REMOVAL_STAGES } from '@shark/contracts/promo-removals.ts';
import { describe, expect, it } from 'vitest';
import { allowanceSummary, STAGE_LABELS } from './labels.ts';

describe('Free Removals labels', () => {
  it('names every stage', () => {
    for (const stage of FREE_REMOVAL_STAGES) expect(STAGE_LABELS[stage]).toBeTruthy();
  });

  it('says the allowance in a sentence', () => {
    expect(allowanceSummary({ limit: 3, used: 1, left: 2 })).toBe('2 free removals left of 3');
    expect(allowanceSummary({ limit: 3, used: 2, left: 1 })).toBe('1 free removal left of 3');
    expect(allowanceSummary({ limit: 0, used: 0, left: 0 })).toBe(
      'Free Removals are not offered at the moment.',
    );
  });
});
