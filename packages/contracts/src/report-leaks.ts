// Report Leaks (/report-leaks) and Report Impersonation (/report-impersonation): addresses the creator
// reports herself. Each reported leak is fetched and matched, then tracked as a confirmed finding; each
// reported fake profile becomes a confirmed impersonation finding. Either way a takedown follows.
import { z } from 'zod';

/** Addresses in one report (a paste or a CSV file); larger lists are sent in parts. */
export const REPORT_LEAKS_MAX_URLS = 500;
/** Largest CSV file POST /api/report-leaks/csv accepts. */
export const REPORT_LEAKS_CSV_MAX_BYTES = 1024 * 1024;
/** Longest address kept (the whitelist's limit); a longer line is reported as not valid. */
export const REPORTED_URL_MAX_LENGTH = 2048;

export const OWNERSHIP_REQUIRED_MESSAGE = 'Confirm that you own the content at these addresses';

/** The creator's statement that the content is hers: the legal ground of every notice that follows. */
export const ownershipConfirmedSchema = z.literal(true, { error: OWNERSHIP_REQUIRED_MESSAGE });

/**
 * POST /api/report-leaks: the addresses, one per item, as typed. Each is judged on its own (an address
 * that is not valid is reported in its line, not as an error of the whole request).
 */
export const reportLeaksSchema = z.object({
  urls: z
    .array(
      z.string({ error: 'Send each address as text.' }).max(10_000, 'An address is far too long.'),
      {
        error: 'Enter at least one address.',
      },
    )
    .min(1, 'Enter at least one address.')
    .max(
      REPORT_LEAKS_MAX_URLS,
      `Report at most ${REPORT_LEAKS_MAX_URLS} addresses at a time; send the rest next.`,
    ),
  ownershipConfirmed: ownershipConfirmedSchema,
});
export type ReportLeaks = z.input<typeof reportLeaksSchema>;

export const REPORTED_URL_STATUSES = ['queued', 'matched', 'unmatched', 'failed'] as const;
/**
 * queued: waiting to be fetched; matched: a picture or video on the page matches one of her files;
 * unmatched: the page loaded but nothing matched (tracked on her word); failed: the page could not be
 * loaded (tracked on her word, with what went wrong in `detail`).
 */
export const reportedUrlStatusSchema = z.enum(REPORTED_URL_STATUSES);
export type ReportedUrlStatus = z.infer<typeof reportedUrlStatusSchema>;

/** The takedown a confirmed report became, when one exists (see the Takedown Report). */
export const reportTakedownSchema = z.object({ id: z.string(), status: z.string() }).nullable();

export const reportedUrlSchema = z.object({
  id: z.string(),
  /** As the creator sent it (trimmed). */
  url: z.string(),
  status: reportedUrlStatusSchema,
  /** What the fetch and the match saw, in words; null while queued. */
  detail: z.string().nullable(),
  findingId: z.string().nullable(),
  /** The finding's status (confirmed once she reported it, whitelisted if her whitelist covers where it led). */
  findingStatus: z.string().nullable(),
  /** The reference file the page copies, when matched. */
  reference: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The match's confidence (0–1), when matched. */
  confidence: z.number().nullable(),
  takedown: reportTakedownSchema,
  ownershipConfirmedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportedUrl = z.infer<typeof reportedUrlSchema>;

export const REPORT_LINE_STATUSES = ['accepted', 'duplicate', 'invalid', 'whitelisted'] as const;
export const reportLineStatusSchema = z.enum(REPORT_LINE_STATUSES);
export type ReportLineStatus = z.infer<typeof reportLineStatusSchema>;

/** What happened to one address of a report. */
export const reportLineResultSchema = z.object({
  /** 1-based: the item of `urls`, or the CSV line the row starts on. */
  line: z.number().int().positive(),
  input: z.string(),
  status: reportLineStatusSchema,
  /** Why, in words: the problem of an invalid address, what it duplicates, the whitelist entry covering it. */
  message: z.string(),
  /** The report made (accepted), or the earlier report it duplicates. */
  report: reportedUrlSchema.nullable(),
});
export type ReportLineResult = z.infer<typeof reportLineResultSchema>;

export const reportLeaksResultSchema = z.object({
  results: z.array(reportLineResultSchema),
  counts: z.object({
    accepted: z.number().int(),
    duplicate: z.number().int(),
    invalid: z.number().int(),
    whitelisted: z.number().int(),
  }),
});
export type ReportLeaksResult = z.infer<typeof reportLeaksResultSchema>;

export const REPORTS_PAGE_SIZE = 50;

/** GET /api/report-leaks and GET /api/report-impersonation: newest first, a page at a time. */
export const reportListQuerySchema = z.object({
  /** Opaque cursor from the previous page. */
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

export const reportedUrlPageSchema = z.object({
  reports: z.array(reportedUrlSchema),
  nextCursor: z.string().nullable(),
  /** Over all of her reported addresses, by status (the page refreshes while any is queued). */
  counts: z.object({
    queued: z.number().int(),
    matched: z.number().int(),
    unmatched: z.number().int(),
    failed: z.number().int(),
  }),
});
export type ReportedUrlPage = z.infer<typeof reportedUrlPageSchema>;

// --- Report Impersonation ---

export const IMPERSONATION_EVIDENCE_MIN = 10;
export const IMPERSONATION_EVIDENCE_MAX = 2000;

/** Empty optional form fields count as not given. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: 'Write it as text.' })
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** POST /api/report-impersonation: one fake profile. */
export const reportImpersonationSchema = z.object({
  url: z
    .string({ error: 'Enter the address of the fake profile.' })
    .trim()
    .min(1, 'Enter the address of the fake profile.')
    .max(REPORTED_URL_MAX_LENGTH, `Use at most ${REPORTED_URL_MAX_LENGTH} characters.`),
  /** A platform id of GET /api/report-impersonation/platforms. */
  platform: z
    .string({ error: 'Choose the platform.' })
    .trim()
    .min(1, 'Choose the platform.')
    .max(100, 'Choose the platform.'),
  /** Read from the address when the platform's profile address says where it is. */
  username: optionalText(200, 'Keep the username under 200 characters.'),
  displayName: optionalText(200, 'Keep the display name under 200 characters.'),
  /** How the profile poses as her, in her words; quoted in the report to the platform. */
  evidence: z
    .string({ error: 'Describe how this profile pretends to be you.' })
    .trim()
    .min(
      IMPERSONATION_EVIDENCE_MIN,
      `Describe in at least ${IMPERSONATION_EVIDENCE_MIN} characters how this profile pretends to be you.`,
    )
    .max(
      IMPERSONATION_EVIDENCE_MAX,
      `Keep the evidence under ${IMPERSONATION_EVIDENCE_MAX} characters.`,
    ),
  /** Her own, real profile, for the platform to compare. */
  officialProfileUrl: optionalText(
    REPORTED_URL_MAX_LENGTH,
    `Use at most ${REPORTED_URL_MAX_LENGTH} characters.`,
  ),
});
export type ReportImpersonation = z.input<typeof reportImpersonationSchema>;

export const impersonationReportSchema = z.object({
  id: z.string(),
  url: z.string(),
  platform: z.string(),
  /** The platform's name for people (X, Instagram, a catalog site's name). */
  platformName: z.string(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  evidence: z.string(),
  findingId: z.string().nullable(),
  findingStatus: z.string().nullable(),
  takedown: reportTakedownSchema,
  createdAt: z.string(),
});
export type ImpersonationReport = z.infer<typeof impersonationReportSchema>;

export const impersonationReportPageSchema = z.object({
  reports: z.array(impersonationReportSchema),
  nextCursor: z.string().nullable(),
});
export type ImpersonationReportPage = z.infer<typeof impersonationReportPageSchema>;

export const impersonationPlatformSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** social-network: a site of the catalog (its impersonation policy is known); account: an Accounts platform. */
  kind: z.enum(['social-network', 'account']),
  /** Where the platform takes impersonation reports, when it publishes one. */
  reportUrl: z.string().nullable(),
  /** An example profile address ({username} in place of the name), when known. */
  profileTemplate: z.string().nullable(),
});
export type ImpersonationPlatform = z.infer<typeof impersonationPlatformSchema>;

export const impersonationPlatformListSchema = z.object({
  platforms: z.array(impersonationPlatformSchema),
});
export type ImpersonationPlatformList = z.infer<typeof impersonationPlatformListSchema>;
