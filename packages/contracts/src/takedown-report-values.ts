// The takedown report's statuses, kinds, orders, search limit and date format, apart from its
// schemas: route search validation in the web app's entry chunk imports these, and
// takedown-report.ts would bring the report's and the dashboard's schemas with them. The date schema
// is built with zod/mini, so zod's classic API stays out of the entry chunk; takedown-report.ts
// builds the API's classic one from the same rules.
import * as z from 'zod/mini';

/** confirmed → notice_sent → removed | rejected | no_response → escalated → notice_sent … → removed | closed. */
export const TAKEDOWN_STATUSES = [
  'confirmed',
  'notice_sent',
  'removed',
  'rejected',
  'no_response',
  'escalated',
  'closed',
] as const;

export const TAKEDOWN_KINDS = ['leak', 'impersonation', 'likeness'] as const;

export const TAKEDOWN_SORTS = [
  'confirmedAt',
  'noticeSentAt',
  'removedAt',
  'status',
  'host',
] as const;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

export const TAKEDOWN_SEARCH_MAX = 200;

export const REPORT_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const REPORT_DATE_FORMAT_MESSAGE = 'Enter dates as YYYY-MM-DD.';
export const REPORT_DATE_MISSING_MESSAGE = 'This date does not exist.';

export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A report date as a route's search reads it. */
export const reportDateSearchSchema = z
  .string()
  .check(
    z.regex(REPORT_DATE_PATTERN, REPORT_DATE_FORMAT_MESSAGE),
    z.refine(isCalendarDate, REPORT_DATE_MISSING_MESSAGE),
  );
