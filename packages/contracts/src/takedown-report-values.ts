// The takedown report's statuses, kinds, orders, search limit and date format, apart from its
// schemas: route search validation in the web app's entry chunk imports these, and
// takedown-report.ts would bring the report's and the dashboard's schemas with them.
import { z } from 'zod';

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

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const reportDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter dates as YYYY-MM-DD.')
  .refine(isCalendarDate, 'This date does not exist.');
