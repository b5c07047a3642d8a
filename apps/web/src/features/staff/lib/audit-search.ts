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
