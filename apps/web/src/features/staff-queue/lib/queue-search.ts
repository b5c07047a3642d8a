// The queue page's filters as search params (shareable, back-button friendly) and the API query they
// make. The route's search validation loads with the app, so the pages' words live in queue-labels.ts.
import { SERVICE_PLANS, WORK_ITEM_KINDS } from '@shark/contracts/work-queue-values.ts';
import type { WorkQueueQuery } from '@shark/contracts/work-queue.ts';
import * as z from 'zod/mini';

const optionalText = z.catch(z.optional(z.string().check(z.trim(), z.maxLength(320))), undefined);
const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/**
 * `work` is the kind and `show` open or done: search params are shared by every route's types, and
 * `kind` and `status` mean other things on the takedown report.
 */
export const queueSearchSchema = z.object({
  work: optional(z.enum(WORK_ITEM_KINDS)),
  plan: optional(z.enum(SERVICE_PLANS)),
  creator: optionalText,
  host: optionalText,
  claim: optional(z.enum(['mine', 'unclaimed'])),
  overdue: optional(z.boolean()),
  show: optional(z.enum(['open', 'done'])),
});
export type QueueSearch = z.infer<typeof queueSearchSchema>;

/** The API's query of the filters (empty ones left out); the cursor is the list's own. */
export function apiQueryOf(search: QueueSearch): WorkQueueQuery {
  const query: WorkQueueQuery = {};
  if (search.work) query.kind = search.work;
  if (search.plan) query.plan = search.plan;
  if (search.creator) query.creator = search.creator;
  if (search.host) query.host = search.host;
  if (search.claim) query.claim = search.claim;
  if (search.overdue !== undefined) query.overdue = search.overdue ? 'true' : 'false';
  if (search.show) query.status = search.show;
  return query;
}

export function searchParamsOf(query: WorkQueueQuery, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (typeof value === 'string' || typeof value === 'number') params.set(key, String(value));
  if (cursor) params.set('cursor', cursor);
  return params;
}
