// The queue page's filters as search params (shareable, back-button friendly), the API query they
// make, and the words the pages use for kinds, plans and actions.
import { SERVICE_PLANS, WORK_ITEM_KINDS } from '@shark/contracts/work-queue-values.ts';
import type {
  FinishAction,
  ServicePlan,
  WorkItemKind,
  WorkQueueQuery,
} from '@shark/contracts/work-queue.ts';
import { z } from 'zod';

const optionalText = z.string().trim().max(320).optional().catch(undefined);

/**
 * `work` is the kind and `show` open or done: search params are shared by every route's types, and
 * `kind` and `status` mean other things on the takedown report.
 */
export const queueSearchSchema = z.object({
  work: z.enum(WORK_ITEM_KINDS).optional().catch(undefined),
  plan: z.enum(SERVICE_PLANS).optional().catch(undefined),
  creator: optionalText,
  host: optionalText,
  claim: z.enum(['mine', 'unclaimed']).optional().catch(undefined),
  overdue: z.boolean().optional().catch(undefined),
  show: z.enum(['open', 'done']).optional().catch(undefined),
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

export const KIND_LABELS: Record<WorkItemKind, string> = {
  form_notice: 'Web-form notice',
  finding_review: 'Finding review',
  manual_removal: 'Manual removal',
  takedown_decision: 'Takedown decision',
  delisting_upload: 'Delisting upload',
  support: 'Support',
};

export const PLAN_LABELS: Record<ServicePlan, string> = {
  premium: 'Premium',
  plus: 'Plus',
  standard: 'Standard',
  none: 'No plan',
};

export const ACTION_LABELS: Record<FinishAction, string> = {
  form_submitted: 'Mark the form submitted',
  finding_confirm: 'Confirm: it is hers',
  finding_reject: 'Reject: not hers',
  takedown_escalate: 'Escalate to the next recipient',
  takedown_removed: 'Mark removed',
  delisting_uploaded: 'Mark the file uploaded',
  removal_outcome: 'Record the outcome',
};

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

export function formatWhen(iso: string): string {
  return dateTime.format(new Date(iso));
}
