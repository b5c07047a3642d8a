// The words the staff queue's pages use for kinds, plans and actions, and its dates.
import type { FinishAction, ServicePlan, WorkItemKind } from '@shark/contracts/work-queue.ts';

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
