import { describe, expect, it } from 'vitest';
import { auditChanges, auditValueText } from '#app/features/staff/lib/audit-changes.ts';
import {
  auditFiltersOf,
  auditSearchSchema,
  searchFromForm,
} from '#app/features/staff/lib/audit-search.ts';

describe('the audit log search', () => {
  it('keeps the filters given and drops blank or overlong ones', () => {
    expect(
      auditSearchSchema.parse({ actor: 'a@b.co', action: '', targetId: 'x'.repeat(201) }),
    ).toEqual({
      actor: 'a@b.co',
      action: undefined,
      targetType: undefined,
      targetId: undefined,
      subjectUserId: undefined,
    });
    expect(
      auditFiltersOf(
        auditSearchSchema.parse({ action: ' staff.grant ', targetType: 'staff_member' }),
      ),
    ).toEqual({
      action: 'staff.grant',
      targetType: 'staff_member',
    });
  });

  it('reads the filter form, leaving blanks out', () => {
    expect(
      auditFiltersOf(
        searchFromForm({
          actor: '  ',
          action: 'staff.revoke',
          targetType: '',
          targetId: '',
          subjectUserId: 'u1',
        }),
      ),
    ).toEqual({ action: 'staff.revoke', subjectUserId: 'u1' });
  });
});

describe('auditChanges', () => {
  it('lists the fields that changed between two records', () => {
    expect(
      auditChanges({ role: 'agent', email: 'a@b.co' }, { role: 'admin', email: 'a@b.co' }),
    ).toEqual([{ field: 'role', before: 'agent', after: 'admin' }]);
  });

  it('treats a missing record as empty', () => {
    expect(auditChanges(null, { role: 'agent' })).toEqual([
      { field: 'role', before: undefined, after: 'agent' },
    ]);
    expect(auditChanges({ role: 'admin' }, null)).toEqual([
      { field: 'role', before: 'admin', after: undefined },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('compares nested values and other shapes whole', () => {
    expect(auditChanges({ tags: ['a'] }, { tags: ['a'] })).toEqual([]);
    expect(auditChanges({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual([
      { field: 'tags', before: ['a'], after: ['a', 'b'] },
    ]);
    expect(auditChanges('open', 'closed')).toEqual([
      { field: '', before: 'open', after: 'closed' },
    ]);
    expect(auditChanges([1], [1])).toEqual([]);
  });

  it('writes values for people', () => {
    expect(auditValueText(undefined)).toBe('—');
    expect(auditValueText(null)).toBe('—');
    expect(auditValueText('agent')).toBe('agent');
    expect(auditValueText({ a: 1 })).toBe('{"a":1}');
  });
});
