import { describe, expect, it } from 'vitest';
import { EU_MEMBER_STATES, isEuMemberState } from './eu-member-states.ts';

describe('isEuMemberState', () => {
  it('knows the 27 member states, in any case, and Greece as EL', () => {
    expect(EU_MEMBER_STATES).toHaveLength(27);
    expect(isEuMemberState('NL')).toBe(true);
    expect(isEuMemberState('de')).toBe(true);
    expect(isEuMemberState('EL')).toBe(true);
  });

  it('says no for others, the United Kingdom among them, and for no country', () => {
    expect(isEuMemberState('US')).toBe(false);
    expect(isEuMemberState('GB')).toBe(false);
    expect(isEuMemberState('CH')).toBe(false);
    expect(isEuMemberState(null)).toBe(false);
    expect(isEuMemberState('')).toBe(false);
  });
});
