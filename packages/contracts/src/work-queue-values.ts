// The kinds of work and the plans of the staff work queue, apart from its schemas: route search
// validation in the web app's entry chunk imports these, and work-queue.ts would bring every queue
// schema with them.

export const WORK_ITEM_KINDS = [
  'form_notice',
  'finding_review',
  'manual_removal',
  'takedown_decision',
  'delisting_upload',
  'support',
] as const;

/** The plan an item was made under; `none`: no subscription (or an affiliate-only account). */
export const SERVICE_PLANS = ['premium', 'plus', 'standard', 'none'] as const;
