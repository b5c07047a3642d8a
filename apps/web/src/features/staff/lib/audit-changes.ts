// What an audit event changed, as the staff audit log shows it.
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
