// The staff side: who works for Shark (roles), and the audit log of what they do.
import { z } from 'zod';
import { AUDIT_FILTER_MAX, STAFF_ROLES } from './staff-mini.ts';

export { AUDIT_FILTER_MAX, STAFF_ROLES };

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Choose agent or admin.' });
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** The signed-in staff member; a creator gets 404 from the same call. */
export const staffMeSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  /** Staff pages and APIs open only once TOTP two-factor is on. */
  twoFactorEnabled: z.boolean(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffMemberSchema = staffMeSchema.extend({
  grantedBy: z.string(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffMemberListSchema = z.object({ members: z.array(staffMemberSchema) });
export type StaffMemberList = z.infer<typeof staffMemberListSchema>;

export const grantStaffSchema = z.object({
  email: z
    .string({ error: 'Enter the e-mail address of the account.' })
    .trim()
    .toLowerCase()
    .email('Enter a valid e-mail address.')
    .max(320),
  role: staffRoleSchema,
});
export type GrantStaff = z.infer<typeof grantStaffSchema>;

export const revokeStaffSchema = grantStaffSchema.pick({ email: true });
export type RevokeStaff = z.infer<typeof revokeStaffSchema>;
export const revokeStaffResultSchema = z.object({ revoked: z.boolean() });

/** One recorded staff action. */
export const auditEventSchema = z.object({
  id: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  subjectUserId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ipAddress: z.string().nullable(),
  at: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AUDIT_PAGE_SIZE = 50;

const filterText = z.string().trim().min(1).max(AUDIT_FILTER_MAX).optional();
export const auditQuerySchema = z.object({
  actor: filterText,
  action: filterText,
  targetType: filterText,
  targetId: filterText,
  subjectUserId: filterText,
  /** The `nextCursor` of the previous page. */
  cursor: filterText,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditListSchema = z.object({
  events: z.array(auditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditList = z.infer<typeof auditListSchema>;
