// When a taken-down URL is checked again: the first check a day after the notice (enforcement sets it),
// then twice as long after each check that still finds it (24 h, 48 h, 96 h…), never more than a week.
export interface CheckSchedule {
  /** TAKEDOWN_FIRST_CHECK_HOURS: the first wait, and the base of the doubling. */
  firstCheckHours: number;
  /** TAKEDOWN_CHECK_MAX_HOURS: the longest wait between two checks. */
  maxCheckHours: number;
}

export const DEFAULT_CHECK_SCHEDULE: CheckSchedule = { firstCheckHours: 24, maxCheckHours: 7 * 24 };

/** Hours from a check to the next, after `checksDone` checks (the one just made included). */
export function hoursUntilNextCheck(schedule: CheckSchedule, checksDone: number): number {
  const doublings = Math.max(0, Math.min(checksDone, 30));
  return Math.min(schedule.firstCheckHours * 2 ** doublings, schedule.maxCheckHours);
}

export function nextCheckAt(schedule: CheckSchedule, checksDone: number, now: Date): Date {
  return new Date(now.getTime() + hoursUntilNextCheck(schedule, checksDone) * 3600_000);
}
