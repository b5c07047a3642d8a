import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_SCHEDULE, hoursUntilNextCheck, nextCheckAt } from './check-schedule.ts';

describe('the check schedule', () => {
  it('doubles the wait after each check that still finds the page, up to a week', () => {
    expect(
      [1, 2, 3, 4, 10, 1000].map((n) => hoursUntilNextCheck(DEFAULT_CHECK_SCHEDULE, n)),
    ).toEqual([48, 96, 168, 168, 168, 168]);
  });

  it('follows the configured base and cap', () => {
    const schedule = { firstCheckHours: 6, maxCheckHours: 40 };
    expect([0, 1, 2, 3, 4].map((n) => hoursUntilNextCheck(schedule, n))).toEqual([
      6, 12, 24, 40, 40,
    ]);
  });

  it('dates the next check from the time of this one', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(nextCheckAt(DEFAULT_CHECK_SCHEDULE, 1, now).toISOString()).toBe(
      '2030-01-03T00:00:00.000Z',
    );
  });
});
