// One takedown as the creator sees it — its history, who is asked to remove it, the notices sent
// and the search engines' delisting. The rules behind them: docs/decisions/0012-enforcement.md.
import { z } from 'zod';
import { TAKEDOWN_KINDS, TAKEDOWN_STATUSES } from './takedown-report-values.ts';

export { TAKEDOWN_KINDS, TAKEDOWN_STATUSES };

export const takedownKindSchema = z.enum(TAKEDOWN_KINDS);

export const takedownStatusSchema = z.enum(TAKEDOWN_STATUSES);
export type TakedownStatus = z.infer<typeof takedownStatusSchema>;

export const RECIPIENT_ROLES = ['site', 'cdn', 'host', 'registrar'] as const;
export const recipientRoleSchema = z.enum(RECIPIENT_ROLES);

export const CHANNEL_KINDS = ['email', 'form'] as const;
export const channelKindSchema = z.enum(CHANNEL_KINDS);

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export const FORM_TASK_STATUSES = ['open', 'submitted', 'cancelled'] as const;
export const SEARCH_ENGINES = ['google', 'bing'] as const;
export const DELISTING_STATUSES = [
  'queued',
  'batched',
  'submitted',
  'removed',
  'rejected',
] as const;

export const takedownEventSchema = z.object({
  from: takedownStatusSchema.nullable(),
  to: takedownStatusSchema,
  /** In words: which recipient, what a check saw. */
  detail: z.string().nullable(),
  at: z.string(),
});

export const takedownRecipientSchema = z.object({
  /** 0 is asked first; escalation moves to the next. */
  level: z.number().int(),
  role: recipientRoleSchema,
  name: z.string(),
  channel: channelKindSchema,
  /** The e-mail address or the web form's URL. */
  address: z.string(),
  /** How it was found: catalog:<site>, rdap:<url>, cdn:<name>. */
  source: z.string(),
  isCurrent: z.boolean(),
});

export const takedownNoticeSchema = z.object({
  id: z.string(),
  /** The law the notice invokes (an impersonation report invokes the platform's own rules). */
  kind: z.enum(['dmca', 'impersonation', 'take_it_down', 'dsa_article_16']),
  level: z.number().int(),
  role: recipientRoleSchema,
  recipientName: z.string(),
  channel: channelKindSchema,
  address: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  /** When the e-mail was accepted, or the form marked submitted; null until then. */
  sentAt: z.string().nullable(),
  /** URLs the notice names (this takedown's among them). */
  itemCount: z.number().int(),
  /** E-mail notices: the delivery. */
  delivery: z
    .object({
      status: z.enum(OUTBOX_STATUSES),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
    })
    .nullable(),
  /** Form notices: the operator's task. */
  form: z
    .object({
      status: z.enum(FORM_TASK_STATUSES),
      url: z.string(),
      submittedAt: z.string().nullable(),
    })
    .nullable(),
  /** GET /api/takedowns/{id}/notices/{noticeId}.pdf serves the copy when true. */
  hasPdf: z.boolean(),
});
export type TakedownNotice = z.infer<typeof takedownNoticeSchema>;

export const takedownDelistingSchema = z.object({
  engine: z.enum(SEARCH_ENGINES),
  url: z.string(),
  status: z.enum(DELISTING_STATUSES),
  /** The UTC day of the bulk file it went into. */
  batchDay: z.string().nullable(),
  updatedAt: z.string(),
});

/** GET /api/takedowns/{id}. */
export const takedownDetailSchema = z.object({
  id: z.string(),
  findingId: z.string(),
  kind: takedownKindSchema,
  status: takedownStatusSchema,
  pageUrl: z.string(),
  host: z.string(),
  siteId: z.string().nullable(),
  /** The recipient asked now (recipients[].level). */
  level: z.number().int(),
  /** No notice goes out until the creator signs the agent authorisation. */
  isWaitingForAuthorization: z.boolean(),
  /** Who can remove it has not been looked up yet. */
  isResolvingRecipients: z.boolean(),
  confirmedAt: z.string(),
  noticeSentAt: z.string().nullable(),
  responseDueAt: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  removedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedReason: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  lastCheckResult: z.string().nullable(),
  /** Oldest first. */
  events: z.array(takedownEventSchema),
  /** What Shark's team did on it by hand (escalated, marked removed…), oldest first. */
  staffActions: z.array(z.object({ description: z.string(), at: z.string() })),
  recipients: z.array(takedownRecipientSchema),
  /** Oldest first. */
  notices: z.array(takedownNoticeSchema),
  delisting: z.array(takedownDelistingSchema),
});
export type TakedownDetail = z.infer<typeof takedownDetailSchema>;
