// The staff work queue: one item per record that needs a person, ordered by the creator's plan, then
// by when it is due; claimed by one agent at a time and finished by one action per kind.
import { z } from 'zod';
import { FACE_CROPS, likenessNatureSchema } from './findings.ts';
import { SERVICE_PLANS, WORK_ITEM_KINDS } from './work-queue-values.ts';

export { SERVICE_PLANS, WORK_ITEM_KINDS };

export const workItemKindSchema = z.enum(WORK_ITEM_KINDS, { error: 'Not a kind of work.' });
export type WorkItemKind = z.infer<typeof workItemKindSchema>;

export const servicePlanSchema = z.enum(SERVICE_PLANS, { error: 'Choose a plan or none.' });
export type ServicePlan = z.infer<typeof servicePlanSchema>;

export const WORK_QUEUE_PAGE_SIZE = 50;

export const FINISH_ACTION_NAMES = [
  'form_submitted',
  'finding_confirm',
  'finding_reject',
  'takedown_escalate',
  'takedown_removed',
  'delisting_uploaded',
  'removal_outcome',
] as const;
export type FinishAction = (typeof FINISH_ACTION_NAMES)[number];

export const workItemSchema = z.object({
  id: z.string(),
  kind: workItemKindSchema,
  refId: z.string(),
  reason: z.string(),
  status: z.enum(['open', 'done']),
  creator: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  plan: servicePlanSchema,
  /** 1 is the most urgent. */
  priority: z.number().int(),
  dueAt: z.string(),
  isOverdue: z.boolean(),
  host: z.string().nullable(),
  title: z.string(),
  claimedBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  claimedAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  doneBy: z.string().nullable(),
  outcome: z.string().nullable(),
  createdAt: z.string(),
});
export type WorkItem = z.infer<typeof workItemSchema>;

const filterText = z.string().trim().min(1).max(320).optional();

/** GET /api/staff/queue filters; every one optional. */
export const workQueueQuerySchema = z.object({
  kind: workItemKindSchema.optional(),
  plan: servicePlanSchema.optional(),
  /** A creator's user id or e-mail address. */
  creator: filterText,
  host: filterText,
  /** mine: held by me; unclaimed: held by nobody. */
  claim: z.enum(['mine', 'unclaimed'], { error: 'Choose mine or unclaimed.' }).optional(),
  overdue: z
    .enum(['true', 'false'], { error: 'overdue is true or false.' })
    .transform((v) => v === 'true')
    .optional(),
  /** open (default) or done: the finished items, most recent first. */
  status: z.enum(['open', 'done'], { error: 'Choose open or done.' }).optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().trim().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type WorkQueueQuery = z.input<typeof workQueueQuerySchema>;
export type WorkQueueFilter = z.output<typeof workQueueQuerySchema>;

export const workQueuePageSchema = z.object({
  items: z.array(workItemSchema),
  nextCursor: z.string().nullable(),
});
export type WorkQueuePage = z.infer<typeof workQueuePageSchema>;

/** GET /api/staff/queue/counts: open and overdue items of each kind, for the sidebar. */
export const workQueueCountsSchema = z.object({
  kinds: z.array(
    z.object({ kind: workItemKindSchema, open: z.number().int(), overdue: z.number().int() }),
  ),
  mine: z.number().int(),
});
export type WorkQueueCounts = z.infer<typeof workQueueCountsSchema>;

const findingEvidenceSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  pageUrl: z.string(),
  mediaUrl: z.string().nullable(),
  pageTitle: z.string().nullable(),
  siteName: z.string(),
  reference: z.string().nullable(),
  confidence: z.number(),
  distance: z.number().int().nullable(),
  /** GET /api/staff/queue/{id}/thumbnail serves it. */
  hasThumbnail: z.boolean(),
  impersonation: z
    .object({
      platform: z.string(),
      username: z.string(),
      displayName: z.string().nullable(),
      reasons: z.array(z.string()),
    })
    .nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  staffReviewRequestedAt: z.string().nullable(),
  /** Likeness findings: how close the found face is to her enrolled face (cosine, 0–1). */
  faceSimilarity: z.number().nullable().optional(),
  /**
   * Likeness findings: whether GET /api/staff/queue/{id}/face/found and …/face/enrolled serve the face
   * found on the page and her enrolled face it resembles, and what the picture was said to be.
   */
  likeness: z
    .object({
      hasFoundFace: z.boolean(),
      hasEnrolledFace: z.boolean(),
      nature: likenessNatureSchema.nullable(),
    })
    .nullable()
    .optional(),
});
export type FindingEvidence = z.infer<typeof findingEvidenceSchema>;

const field = z.object({ label: z.string(), value: z.string() });

export const workItemDetailSchema = z.object({
  item: workItemSchema,
  /** The page the work is about, when there is one. */
  pageUrl: z.string().nullable(),
  finding: findingEvidenceSchema.nullable(),
  /** A web-form notice: where to submit it and every field to paste. */
  form: z
    .object({
      formUrl: z.string(),
      recipient: z.string(),
      subject: z.string(),
      status: z.string(),
      fields: z.array(field),
    })
    .nullable(),
  /** The takedown, with its history, recipients and notices. */
  takedown: z
    .object({
      id: z.string(),
      status: z.string(),
      pageUrl: z.string(),
      host: z.string(),
      level: z.number().int(),
      closedReason: z.string().nullable(),
      events: z.array(
        z.object({
          at: z.string(),
          from: z.string().nullable(),
          to: z.string(),
          detail: z.string().nullable(),
        }),
      ),
      recipients: z.array(
        z.object({
          level: z.number().int(),
          role: z.string(),
          name: z.string(),
          channel: z.string(),
          address: z.string(),
          isCurrent: z.boolean(),
        }),
      ),
      /** The latest notice, ready to paste. */
      notice: z
        .object({
          recipientName: z.string(),
          address: z.string(),
          subject: z.string(),
          text: z.string(),
        })
        .nullable(),
    })
    .nullable(),
  delisting: z
    .object({
      batchId: z.string(),
      engine: z.string(),
      day: z.string(),
      urls: z.number().int(),
      submittedAt: z.string().nullable(),
      /** GET this address for the file to upload. */
      csvPath: z.string(),
    })
    .nullable(),
  /** What the creator reported by hand. */
  report: z
    .object({
      type: z.enum(['reported_url', 'impersonation']),
      url: z.string(),
      status: z.string().nullable(),
      detail: z.string().nullable(),
      platform: z.string().nullable(),
      username: z.string().nullable(),
      evidence: z.string().nullable(),
      createdAt: z.string(),
      /** Her manual removals this calendar month (UTC), and her plan's monthly allowance (null: no limit). */
      thisMonth: z.number().int(),
      monthlyLimit: z.number().int().nullable(),
    })
    .nullable(),
  support: z.object({ requestId: z.string(), subject: z.string(), path: z.string() }).nullable(),
  /** The finishing actions open to this item's kind. */
  actions: z.array(z.enum(FINISH_ACTION_NAMES)),
});
export type WorkItemDetail = z.infer<typeof workItemDetailSchema>;

/** GET /api/staff/queue/{id}/face/{which}: the item's likeness finding's face found, or her enrolled face. */
export const workItemFaceParamsSchema = z.object({
  id: z.string().min(1).max(200),
  which: z.enum(FACE_CROPS, { error: 'Choose found or enrolled.' }),
});

/** How an item is finished; each kind has its own actions. */
export const finishWorkItemSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('form_submitted') }),
    z.object({
      action: z.literal('finding_confirm'),
      /** Required for a likeness finding: what the picture is (see the findings contract). */
      likenessNature: likenessNatureSchema.optional(),
    }),
    z.object({ action: z.literal('finding_reject') }),
    z.object({ action: z.literal('takedown_escalate') }),
    z.object({
      action: z.literal('takedown_removed'),
      note: z.string().trim().max(2000).optional(),
    }),
    z.object({ action: z.literal('delisting_uploaded') }),
    z.object({
      action: z.literal('removal_outcome'),
      outcome: z
        .string({ error: 'Say what was done.' })
        .trim()
        .min(1, 'Say what was done.')
        .max(2000, 'Keep it under 2000 characters.'),
    }),
  ],
  { error: 'Not an action of the work queue.' },
);
export type FinishWorkItem = z.infer<typeof finishWorkItemSchema>;

/** The actions of each kind (support is answered on its own page). */
export const FINISH_ACTIONS: Record<WorkItemKind, readonly FinishAction[]> = {
  form_notice: ['form_submitted'],
  finding_review: ['finding_confirm', 'finding_reject'],
  manual_removal: ['removal_outcome'],
  takedown_decision: ['takedown_escalate', 'takedown_removed'],
  delisting_upload: ['delisting_uploaded'],
  support: [],
};
