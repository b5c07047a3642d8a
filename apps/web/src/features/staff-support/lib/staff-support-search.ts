// /staff/support?state=…&creator=…&page=…: the list's filters live in the URL (bad values dropped).
// `state`, not `status`: search options share one type across routes, and the takedown report's
// `status` is a list.
import { SUPPORT_STATUSES } from '@shark/contracts/support-values.ts';
import * as z from 'zod/mini';

export const staffSupportSearchSchema = z.object({
  state: z.catch(z.optional(z.enum(SUPPORT_STATUSES)), undefined),
  creator: z.catch(
    z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(320))),
    undefined,
  ),
  page: z.catch(
    z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
    undefined,
  ),
});
export type StaffSupportSearch = z.infer<typeof staffSupportSearchSchema>;

/** How the staff name each status: `open` is what waits for them. */
export const STAFF_STATUS_LABELS = {
  open: 'Waiting for us',
  answered: 'Answered',
  closed: 'Closed',
} as const;
