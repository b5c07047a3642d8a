// The search options of /dashboard: the kind of finding the review list is filtered to (the likeness
// figures link to it). Kept apart from the page so the route's validation stays small.
import { FINDING_KINDS } from '@shark/contracts/findings-values.ts';
import { z } from 'zod';

export const dashboardSearchSchema = z.object({
  /** A kind the page does not know is dropped (an old or hand-edited link still opens it). */
  findings: z.enum(FINDING_KINDS).optional().catch(undefined),
});
export type DashboardSearch = z.infer<typeof dashboardSearchSchema>;
