// /staff/support?state=…&creator=…&page=…: the list's filters live in the URL (bad values dropped).
// `state`, not `status`: search options share one type across routes, and the takedown report's
// `status` is a list.
import { SUPPORT_STATUSES } from '@shark/contracts/support-values.ts';
import { z } from 'zod';

export const staffSupportSearchSchema = z.object({
  state: z.enum(SUPPORT_STATUSES).optional().catch(undefined),
  creator: z.string().trim().min(1).max(320).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});
export type StaffSupportSearch = z.infer<typeof staffSupportSearchSchema>;

/** How the staff name each status: `open` is what waits for them. */
export const STAFF_STATUS_LABELS = {
  open: 'Waiting for us',
  answered: 'Answered',
  closed: 'Closed',
} as const;
