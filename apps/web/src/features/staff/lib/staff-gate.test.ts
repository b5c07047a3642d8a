import type { StaffMe } from '@shark/contracts/staff.ts';
import { describe, expect, it } from 'vitest';
import { staffGateOutcome } from '#app/features/staff/lib/staff-gate.ts';
import { STAFF_NAV, staffNavFor } from '#app/features/staff/staff-nav.ts';

const staff = (changes: Partial<StaffMe>): StaffMe => ({
  userId: 'u1',
  email: 'sam@example.com',
  name: 'Sam',
  role: 'agent',
  twoFactorEnabled: true,
  ...changes,
});

describe('staffGateOutcome', () => {
  it('keeps staff without two-factor on its set-up page', () => {
    const without = staff({ twoFactorEnabled: false });
    expect(staffGateOutcome(without, '/staff')).toBe('set-up-two-factor');
    expect(staffGateOutcome(without, '/staff/audit')).toBe('set-up-two-factor');
    expect(staffGateOutcome(without, '/staff/two-factor')).toBe('open');
    expect(staffGateOutcome(without, '/staff/two-factor/')).toBe('open');
  });

  it('opens the console once two-factor is on, and leaves the set-up page', () => {
    expect(staffGateOutcome(staff({}), '/staff')).toBe('open');
    expect(staffGateOutcome(staff({}), '/staff/members')).toBe('open');
    expect(staffGateOutcome(staff({}), '/staff/two-factor')).toBe('leave-set-up');
  });
});

describe('staffNavFor', () => {
  it('shows the Staff page, offers and payouts to admins only', () => {
    expect(staffNavFor('agent').map((entry) => entry.label)).toEqual([
      'Work queue',
      'Support',
      'Creators',
      'Community posts',
      'Scam Registry',
      'Discovered sites',
      'Audit log',
    ]);
    expect(staffNavFor('admin')).toEqual(STAFF_NAV);
    expect(staffNavFor('admin').at(-1)).toMatchObject({ label: 'Staff', to: '/staff/members' });
  });

  it('keeps every entry under /staff, once', () => {
    const paths = STAFF_NAV.map((entry) => entry.to);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/staff\/[a-z-]+$/);
  });
});
