// The search options of /dashboard: the kind of finding the review list is filtered to (the likeness
// figures link to it). Kept apart from the page so the route's validation stays small.
import { FINDING_KINDS } from '@shark/contracts/findings-values.ts';
import * as z from 'zod/mini';

export const dashboardSearchSchema = z.object({
  /** A kind the page does not know is dropped (an old or hand-edited link still opens it). */
  findings: z.catch(z.optional(z.enum(FINDING_KINDS)), undefined),
});
export type DashboardSearch = z.infer<typeof dashboardSearchSchema>;
