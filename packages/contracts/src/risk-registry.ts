// The Scam Registry (/risk-registry): known scams aimed at creators, with evidence and dates. Creators
// report entries (pending until an operator reviews them with `shark registry …`); everyone signed in
// reads the published ones.
import { z } from 'zod';
import { httpUrlProblem, pageNumberSchema } from './community.ts';
import { RISK_REGISTRY_KINDS, RISK_SEARCH_MAX_LENGTH } from './risk-registry-values.ts';

export { RISK_REGISTRY_KINDS, RISK_SEARCH_MAX_LENGTH };

export const riskKindSchema = z.enum(RISK_REGISTRY_KINDS, {
  error: 'Choose what kind of scam it is.',
});
export type RiskKind = z.infer<typeof riskKindSchema>;

export const RISK_KIND_LABELS: Record<RiskKind, string> = {
  fake_agency: 'Fake agency',
  fake_takedown_service: 'Fake takedown service',
  leak_seller: 'Leak seller',
  phishing_account: 'Phishing account',
  other: 'Other scam',
};

export const RISK_STATUSES = ['pending', 'published', 'rejected'] as const;
export const riskStatusSchema = z.enum(RISK_STATUSES);
export type RiskStatus = z.infer<typeof riskStatusSchema>;

export const RISK_NAME_MAX_LENGTH = 200;
export const RISK_DESCRIPTION_MIN_LENGTH = 20;
export const RISK_DESCRIPTION_MAX_LENGTH = 5000;
export const RISK_IDENTIFIER_MAX_LENGTH = 300;
export const RISK_IDENTIFIERS_MAX = 20;
export const RISK_EVIDENCE_MAX = 10;
export const RISK_EVIDENCE_URL_MAX_LENGTH = 2048;
export const RISK_REVIEW_NOTE_MAX_LENGTH = 1000;
export const RISK_REGISTRY_PAGE_SIZE = 20;
/** Reports one creator may send in 24 hours; operators' own entries do not count. */
export const RISK_REPORTS_PER_DAY = 5;

/** A published entry, as every signed-in creator sees it. */
export const riskEntrySchema = z.object({
  id: z.string(),
  kind: riskKindSchema,
  name: z.string(),
  /** Websites, handles and e-mail addresses it uses. */
  identifiers: z.array(z.string()),
  description: z.string(),
  /** http(s) links to screenshots, posts or messages; shown as links, never fetched. */
  evidenceUrls: z.array(z.string()),
  /** YYYY-MM-DD, as reported; null when not known. */
  firstSeenOn: z.string().nullable(),
  /** Null while the entry is not published. */
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RiskEntry = z.infer<typeof riskEntrySchema>;

/** One of the creator's own reports, with where its review stands. */
export const riskReportSchema = riskEntrySchema.extend({
  status: riskStatusSchema,
  /** The operator's note: why it was rejected, or what was changed when published. */
  reviewNote: z.string().nullable(),
});
export type RiskReport = z.infer<typeof riskReportSchema>;

/** GET /api/risk-registry/{id}: a published entry, or one of the creator's own reports. */
export const riskEntryDetailSchema = riskReportSchema.extend({
  /** True when the signed-in creator reported it. */
  isOwnReport: z.boolean(),
});
export type RiskEntryDetail = z.infer<typeof riskEntryDetailSchema>;

/** GET /api/risk-registry: published entries matching the search, newest first. */
export const riskRegistryQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(RISK_SEARCH_MAX_LENGTH, `Keep the search under ${RISK_SEARCH_MAX_LENGTH} characters.`)
    .optional(),
  kind: riskKindSchema.optional(),
  page: pageNumberSchema.default(1),
});
export type RiskRegistryQuery = z.output<typeof riskRegistryQuerySchema>;

export const riskRegistryPageSchema = z.object({
  entries: z.array(riskEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RiskRegistryPage = z.infer<typeof riskRegistryPageSchema>;

export const riskReportListSchema = z.object({
  reports: z.array(riskReportSchema),
  /** Reports she may still send today. */
  remainingToday: z.number().int(),
  perDay: z.number().int(),
});
export type RiskReportList = z.infer<typeof riskReportListSchema>;

const isRealDay = (text: string) => {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
};

/** YYYY-MM-DD, a real day, not in the future (a day of slack for time zones ahead of UTC). */
export const firstSeenOnSchema = z
  .string({ error: 'Enter the date as YYYY-MM-DD.' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.')
  .refine(isRealDay, 'This date does not exist.')
  .refine((text) => text >= '1990-01-01', 'Enter a date after 1990.')
  .refine(
    (text) => text <= new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10),
    'The date cannot be in the future.',
  );

/** A list of lines (identifiers or links): blank lines dropped, each line checked, one message for the list. */
function lineList(options: {
  max: number;
  maxLength: number;
  what: string;
  check?: (value: string) => string | null;
}) {
  return z
    .array(z.string({ error: `Each ${options.what} is text.` }), {
      error: `Give the ${options.what}s as a list.`,
    })
    .transform((list) => [
      ...new Set(list.map((item) => item.trim()).filter((item) => item !== '')),
    ])
    .superRefine((list, ctx) => {
      if (list.length > options.max) {
        ctx.addIssue({ code: 'custom', message: `Give at most ${options.max} ${options.what}s.` });
        return;
      }
      list.forEach((item, index) => {
        const problem =
          item.length > options.maxLength
            ? `Keep each ${options.what} under ${options.maxLength} characters.`
            : (options.check?.(item) ?? null);
        if (problem) {
          const where = list.length > 1 ? `${capitalised(options.what)} ${index + 1}: ` : '';
          ctx.addIssue({ code: 'custom', message: `${where}${problem}` });
        }
      });
    });
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** POST /api/risk-registry/reports: a creator's report, pending until an operator reviews it. */
export const reportRiskEntrySchema = z.object({
  kind: riskKindSchema,
  name: z
    .string({ error: 'Enter the name the scam goes by.' })
    .trim()
    .min(1, 'Enter the name the scam goes by.')
    .max(RISK_NAME_MAX_LENGTH, `Keep the name under ${RISK_NAME_MAX_LENGTH} characters.`),
  identifiers: lineList({
    max: RISK_IDENTIFIERS_MAX,
    maxLength: RISK_IDENTIFIER_MAX_LENGTH,
    what: 'identifier',
  }).default([]),
  description: z
    .string({ error: 'Describe what happened.' })
    .trim()
    .min(
      RISK_DESCRIPTION_MIN_LENGTH,
      `Describe what happened in at least ${RISK_DESCRIPTION_MIN_LENGTH} characters.`,
    )
    .max(
      RISK_DESCRIPTION_MAX_LENGTH,
      `Keep the description under ${RISK_DESCRIPTION_MAX_LENGTH} characters.`,
    ),
  evidenceUrls: lineList({
    max: RISK_EVIDENCE_MAX,
    maxLength: RISK_EVIDENCE_URL_MAX_LENGTH,
    what: 'evidence link',
    check: httpUrlProblem,
  }).default([]),
  firstSeenOn: firstSeenOnSchema.nullable().default(null),
});
export type ReportRiskEntry = z.input<typeof reportRiskEntrySchema>;
export type ReportRiskEntryInput = z.output<typeof reportRiskEntrySchema>;

/** An entry as the operator reviews it (`shark registry show|pending`). */
export const operatorRiskEntrySchema = riskReportSchema.extend({
  /** The reporter's e-mail; null for an operator's entry or a deleted account. */
  reportedBy: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type OperatorRiskEntry = z.infer<typeof operatorRiskEntrySchema>;

/** `shark registry add`: an operator's entry, published at once. */
export const addRiskEntrySchema = reportRiskEntrySchema.extend({
  reviewNote: z.string().trim().max(RISK_REVIEW_NOTE_MAX_LENGTH).nullable().default(null),
  reviewedBy: z.string().trim().max(200).nullable().default(null),
});
export type AddRiskEntry = z.input<typeof addRiskEntrySchema>;

/** `shark registry publish|reject`. */
export const reviewRiskEntrySchema = z.object({
  id: z.string().trim().min(1, 'An entry id is required.').max(200),
  note: z
    .string()
    .trim()
    .max(
      RISK_REVIEW_NOTE_MAX_LENGTH,
      `Keep the note under ${RISK_REVIEW_NOTE_MAX_LENGTH} characters.`,
    )
    .nullable()
    .default(null),
  reviewedBy: z.string().trim().max(200).nullable().default(null),
});
export type ReviewRiskEntry = z.input<typeof reviewRiskEntrySchema>;
