// The signed-in staff member of staff.ts built with zod/mini, with the audit log's search filters,
// for the web app's first render (the staff guard and route search validation load them), so that
// zod's classic API stays out of it. `toZod` keeps the member's type equal to staff.ts's.
import * as z from 'zod/mini';
import type { StaffMe } from './staff.ts';

/** agent: works the queues; admin: also manages staff, grants, offers and payouts. */
export const STAFF_ROLES = ['agent', 'admin'] as const;

/** The longest text an audit log filter takes. */
export const AUDIT_FILTER_MAX = 200;

export const staffMeSchema = z.toZod<StaffMe>()(
  z.object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(STAFF_ROLES),
    twoFactorEnabled: z.boolean(),
  }),
);

/** One audit log filter as a route's search reads it. */
export const auditFilterSearchSchema = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(AUDIT_FILTER_MAX));
