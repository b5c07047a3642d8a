// The dashboard's figures and the takedown report: GET /api/dashboard/summary, GET /api/takedowns
// and its CSV and PDF exports. Every figure is counted by the database; these are the shapes on the wire.
import { z } from 'zod';
import { SITE_KINDS, siteKindSchema } from './findings.ts';
import {
  SORT_DIRECTIONS,
  TAKEDOWN_KINDS,
  TAKEDOWN_SEARCH_MAX,
  TAKEDOWN_SORTS,
  TAKEDOWN_STATUSES,
  REPORT_DATE_FORMAT_MESSAGE,
  REPORT_DATE_MISSING_MESSAGE,
  REPORT_DATE_PATTERN,
  isCalendarDate,
} from './takedown-report-values.ts';

export { SORT_DIRECTIONS, TAKEDOWN_KINDS, TAKEDOWN_SEARCH_MAX, TAKEDOWN_SORTS, TAKEDOWN_STATUSES };

export const reportDateSchema = z
  .string()
  .regex(REPORT_DATE_PATTERN, REPORT_DATE_FORMAT_MESSAGE)
  .refine(isCalendarDate, REPORT_DATE_MISSING_MESSAGE);

export const takedownStatusSchema = z.enum(TAKEDOWN_STATUSES);
export type TakedownStatus = z.infer<typeof takedownStatusSchema>;

/** The status in words, as the report, its exports and the dashboard's activity show it. */
export const TAKEDOWN_STATUS_LABELS: Record<TakedownStatus, string> = {
  confirmed: 'Confirmed',
  notice_sent: 'Notice sent',
  removed: 'Removed',
  rejected: 'Rejected',
  no_response: 'No response',
  escalated: 'Escalated',
  closed: 'Closed',
};

/** Statuses still being worked on: what the dashboard counts as pending. */
export const OPEN_TAKEDOWN_STATUSES = [
  'confirmed',
  'notice_sent',
  'rejected',
  'no_response',
  'escalated',
] as const satisfies readonly TakedownStatus[];

export const takedownKindSchema = z.enum(TAKEDOWN_KINDS, {
  error: 'Choose leak, impersonation or likeness.',
});
export type TakedownKind = z.infer<typeof takedownKindSchema>;
export const TAKEDOWN_KIND_LABELS: Record<TakedownKind, string> = {
  leak: 'Leak',
  impersonation: 'Impersonation',
  likeness: 'Likeness',
};

export const SITE_KIND_LABELS: Record<(typeof SITE_KINDS)[number], string> = {
  tube: 'Tube sites',
  forum: 'Forums',
  'file-host': 'File hosts',
  'image-board': 'Image boards',
  'telegram-index': 'Telegram indexes',
  'social-network': 'Social networks',
  other: 'Other sites',
};

/** The removal rate's definition, in the words the dashboard and the PDF print beside it. */
export const REMOVAL_RATE_DEFINITION =
  'Removal rate = takedowns removed ÷ takedowns whose notice was sent more than {hours} hours ago (the response window). Takedowns still inside the window are not counted yet.';

export function removalRateDefinition(responseWindowHours: number): string {
  return REMOVAL_RATE_DEFINITION.replace('{hours}', String(responseWindowHours));
}

/** "62.5 %", or "—" when no takedown is old enough to count. */
export function formatRemovalRate(rate: number | null): string {
  if (rate === null) return '—';
  return `${(Math.round(rate * 1000) / 10).toString()} %`;
}

// --- GET /api/dashboard/summary ---

export const DASHBOARD_RANGES = ['30d', '90d', '12m'] as const;
export const dashboardRangeSchema = z.enum(DASHBOARD_RANGES, {
  error: 'Choose a range of 30d, 90d or 12m.',
});
export type DashboardRange = z.infer<typeof dashboardRangeSchema>;
/** 30 days by day, 90 days by week (Mondays, UTC), 12 months by month. */
export const DASHBOARD_BUCKETS: Record<DashboardRange, 'day' | 'week' | 'month'> = {
  '30d': 'day',
  '90d': 'week',
  '12m': 'month',
};

export const dashboardSummaryQuerySchema = z.object({
  range: dashboardRangeSchema.default('30d'),
});
export type DashboardSummaryQuery = z.input<typeof dashboardSummaryQuerySchema>;

const count = z.number().int().min(0);

export const dashboardSummarySchema = z.object({
  totals: z.object({
    /** Findings that are not rejected ("not mine") or whitelisted. */
    found: count,
    /** Takedowns opened (each is a confirmed URL). */
    confirmed: count,
    /** Takedowns whose notice has been sent. */
    noticesSent: count,
    removed: count,
    /** Takedowns still open (neither removed nor closed). */
    pending: count,
  }),
  removalRate: z.object({
    /** numerator ÷ denominator; null when the denominator is 0 (shown as "—"). */
    rate: z.number().min(0).max(1).nullable(),
    /** Removed, among the denominator's takedowns. */
    numerator: count,
    /** Takedowns whose notice was sent before the response window began. */
    denominator: count,
    responseWindowHours: z.number().int().positive(),
    definition: z.string(),
  }),
  series: z.object({
    range: dashboardRangeSchema,
    bucket: z.enum(['day', 'week', 'month']),
    /** Oldest first; every bucket of the range, empty ones with zeros. `start` is the bucket's first day (YYYY-MM-DD, UTC). */
    points: z.array(
      z.object({ start: z.string(), found: count, removed: count, noticesSent: count }),
    ),
  }),
  /** Every kind of site, in SITE_KINDS order (pages of no known kind count as other). */
  bySiteKind: z.array(z.object({ siteKind: siteKindSchema, found: count, removed: count })),
  /** The latest 20 status changes, newest first. */
  recentActivity: z.array(
    z.object({
      id: z.number().int(),
      takedownId: z.string(),
      at: z.string(),
      host: z.string(),
      pageUrl: z.string(),
      status: takedownStatusSchema,
      fromStatus: takedownStatusSchema.nullable(),
      /** "Notice sent", "Removed"… */
      statusLabel: z.string(),
      detail: z.string().nullable(),
    }),
  ),
  /** When the next scheduled scan is due; null when none is scheduled (no plan that scans). */
  nextScanAt: z.string().nullable(),
  /**
   * Deep fake protection: pictures of her face (likeness findings) and their takedowns, as their own
   * kind. Null for a creator whose plan has no deep fake protection and who has no likeness finding.
   */
  likeness: z
    .object({
      /** Her plan includes deep fake protection. */
      hasProtection: z.boolean(),
      /** Likeness findings waiting for her to say whether they are her (not handed to Shark's team). */
      awaitingReview: count,
      /** Likeness findings waiting for her review that she asked Shark's team to review. */
      withShark: count,
      /** Likeness findings not dismissed (rejected or whitelisted). */
      found: count,
      /** Likeness takedowns opened, still open, and removed. */
      takedowns: count,
      pending: count,
      removed: count,
    })
    .nullable(),
  /**
   * Dark web scanning: her findings on Tor onion sites and their takedowns. Null for a creator whose
   * plan has no dark web scanning and who has no such finding.
   */
  darkWeb: z
    .object({
      /** Her plan has dark web scanning and this server reaches Tor: her scans search onion sites. */
      isScanning: z.boolean(),
      /** Onion findings not dismissed (rejected or whitelisted). */
      found: count,
      /** Takedowns of onion pages opened, notices sent to a contact the site gives, removed. */
      takedowns: count,
      noticesSent: count,
      removed: count,
      /** Onion takedowns closed without a notice: the site gives no contact. */
      noContact: count,
    })
    .nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

// --- GET /api/takedowns ---

export const takedownSortSchema = z.enum(TAKEDOWN_SORTS, {
  error: 'Sort by confirmedAt, noticeSentAt, removedAt, status or host.',
});
export type TakedownSort = z.infer<typeof takedownSortSchema>;
export const sortDirectionSchema = z.enum(SORT_DIRECTIONS, {
  error: 'Sort direction is asc or desc.',
});
export type SortDirection = z.infer<typeof sortDirectionSchema>;

export const TAKEDOWN_REPORT_PAGE_SIZE = 25;
export const TAKEDOWN_REPORT_MAX_PAGE_SIZE = 100;

/** `status=removed&status=closed` or `status=removed,closed`: every one must be a takedown status. */
const statusListSchema = z.preprocess(
  (value: unknown): unknown[] => {
    const given: unknown[] = Array.isArray(value) ? (value as unknown[]) : [value];
    return given
      .flatMap((v): unknown[] => (typeof v === 'string' ? v.split(',') : [v]))
      .map((p) => (typeof p === 'string' ? p.trim() : p))
      .filter((p) => p !== '');
  },
  z
    .array(
      z.enum(TAKEDOWN_STATUSES, {
        error: `Status must be one of ${TAKEDOWN_STATUSES.join(', ')}.`,
      }),
    )
    .max(TAKEDOWN_STATUSES.length * 4),
);

/** The filters and order shared by the report and its exports. */
const takedownFilterShape = {
  status: statusListSchema.optional(),
  kind: takedownKindSchema.optional(),
  siteKind: z
    .enum(SITE_KINDS, { error: `Site kind must be one of ${SITE_KINDS.join(', ')}.` })
    .optional(),
  /** Part of the page address or host. */
  q: z
    .string()
    .trim()
    .max(TAKEDOWN_SEARCH_MAX, `Search with at most ${TAKEDOWN_SEARCH_MAX} characters.`)
    .optional(),
  /** Confirmed on or after this day (UTC). */
  from: reportDateSchema.optional(),
  /** Confirmed on or before this day (UTC). */
  to: reportDateSchema.optional(),
  sort: takedownSortSchema.default('confirmedAt'),
  dir: sortDirectionSchema.default('desc'),
};

const fromNotAfterTo = (value: { from?: string | undefined; to?: string | undefined }) =>
  value.from === undefined || value.to === undefined || value.from <= value.to;
const fromNotAfterToIssue = { message: 'The start date is after the end date.', path: ['from'] };

export const takedownReportQuerySchema = z
  .object({
    ...takedownFilterShape,
    /** Opaque cursor from nextCursor or prevCursor of a page of the same filters and order. */
    cursor: z.string().max(1000).optional(),
    limit: z.coerce
      .number({ error: `Limit is a whole number from 1 to ${TAKEDOWN_REPORT_MAX_PAGE_SIZE}.` })
      .int(`Limit is a whole number from 1 to ${TAKEDOWN_REPORT_MAX_PAGE_SIZE}.`)
      .min(1, `Limit is a whole number from 1 to ${TAKEDOWN_REPORT_MAX_PAGE_SIZE}.`)
      .max(
        TAKEDOWN_REPORT_MAX_PAGE_SIZE,
        `Limit is a whole number from 1 to ${TAKEDOWN_REPORT_MAX_PAGE_SIZE}.`,
      )
      .default(TAKEDOWN_REPORT_PAGE_SIZE),
  })
  .refine(fromNotAfterTo, fromNotAfterToIssue);
export type TakedownReportQuery = z.output<typeof takedownReportQuerySchema>;

/** GET /api/takedowns/export.csv and .pdf: the report's filters and order, every row. */
export const takedownExportQuerySchema = z
  .object({
    ...takedownFilterShape,
    /** The brand the PDF is made for (links cannot carry the provider header); default the first brand. */
    provider: z.string().max(64).optional(),
  })
  .refine(fromNotAfterTo, fromNotAfterToIssue);
export type TakedownExportQuery = z.output<typeof takedownExportQuerySchema>;
export type TakedownFilters = Omit<TakedownExportQuery, 'provider'>;

export const takedownReportRowSchema = z.object({
  id: z.string(),
  status: takedownStatusSchema,
  kind: takedownKindSchema,
  pageUrl: z.string(),
  host: z.string(),
  siteKind: siteKindSchema,
  /** The page is on a Tor onion site (dark web scanning). */
  isDarkWeb: z.boolean(),
  confirmedAt: z.string(),
  noticeSentAt: z.string().nullable(),
  removedAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  /** Who is asked now (the recipient of the current escalation level), once recipients are known. */
  recipient: z
    .object({
      name: z.string(),
      role: z.enum(['site', 'cdn', 'host', 'registrar']),
      channel: z.enum(['email', 'form']),
      address: z.string(),
    })
    .nullable(),
});
export type TakedownReportRow = z.infer<typeof takedownReportRowSchema>;

export const takedownReportPageSchema = z.object({
  takedowns: z.array(takedownReportRowSchema),
  /** Rows matching the filters, over every page. */
  total: count,
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
});
export type TakedownReportPage = z.infer<typeof takedownReportPageSchema>;

/** The words of a recipient's role, for the report and its exports. */
export const RECIPIENT_ROLE_LABELS: Record<
  NonNullable<TakedownReportRow['recipient']>['role'],
  string
> = {
  site: 'Site',
  cdn: 'CDN',
  host: 'Host',
  registrar: 'Registrar',
};
