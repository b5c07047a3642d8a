// The audit log page's filters, kept in the address so a filtered view can be shared and reloaded.
import { auditFilterSearchSchema } from '@shark/contracts/staff-mini.ts';
import type { AuditQuery } from '@shark/contracts/staff.ts';
import * as z from 'zod/mini';

export const AUDIT_FILTERS = [
  'actor',
  'action',
  'targetType',
  'targetId',
  'subjectUserId',
] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];

/** Each filter is optional; a blank or malformed one is dropped rather than failing the page. */
const filter = z.catch(z.optional(auditFilterSearchSchema), undefined);
export const auditSearchSchema = z.object({
  actor: filter,
  action: filter,
  targetType: filter,
  targetId: filter,
  subjectUserId: filter,
});
export type AuditSearch = z.output<typeof auditSearchSchema>;

/** The filters of the search, without the empty ones (the query key and the request). */
export function auditFiltersOf(search: AuditSearch): Omit<AuditQuery, 'cursor'> {
  const filters: Omit<AuditQuery, 'cursor'> = {};
  for (const name of AUDIT_FILTERS) {
    const value = search[name]?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/** The filter form's values as the next search: blanks left out. */
export function searchFromForm(values: Record<AuditFilter, string>): AuditSearch {
  return auditSearchSchema.parse(
    Object.fromEntries(
      AUDIT_FILTERS.map((name) => [name, values[name].trim() === '' ? undefined : values[name]]),
    ),
  );
}

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an event changed, field by field, when before and after are records (a missing record
 * counts as empty); otherwise the whole value as one change. Unchanged fields are left out.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const isBeforeRecord = before === null || isRecord(before);
  const isAfterRecord = after === null || isRecord(after);
  if (!isBeforeRecord || !isAfterRecord) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: '', before, after }];
  }
  const from = before ?? {};
  const to = after ?? {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, before: from[field], after: to[field] }));
}

/** A value as the log shows it: text as is, nothing as "—", the rest as compact JSON. */
export function auditValueText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
