// Findings: what scans found, with evidence, and the creator's review of them.
import { z } from 'zod';
import { FINDING_KINDS, SITE_KINDS } from './findings-values.ts';

export { FINDING_KINDS, SITE_KINDS };

/**
 * leak: a page shows a copy of a reference file; mention: a leak-site page names the creator;
 * impersonation: a profile poses as the creator; likeness: a picture shows a face that looks like hers.
 */
export const findingKindSchema = z.enum(FINDING_KINDS);
export type FindingKind = z.infer<typeof findingKindSchema>;

export const FINDING_STATUSES = ['pending_review', 'confirmed', 'rejected', 'whitelisted'] as const;
export const findingStatusSchema = z.enum(FINDING_STATUSES);
export type FindingStatus = z.infer<typeof findingStatusSchema>;

export const siteKindSchema = z.enum(SITE_KINDS);
export type SiteKindName = z.infer<typeof siteKindSchema>;

/**
 * What a confirmed likeness finding shows, as she (or Shark's team) says when confirming it: her own
 * content (a leak, enforced under copyright), a forgery of her likeness, or intimate content of her
 * shared without her consent (both enforced under the TAKE IT DOWN Act, or the DSA for EU hosts).
 */
export const LIKENESS_NATURES = ['own_content', 'forgery', 'intimate_without_consent'] as const;
export const likenessNatureSchema = z.enum(LIKENESS_NATURES, {
  error: 'Choose own content, forgery or intimate content shared without consent.',
});
export type LikenessNature = z.infer<typeof likenessNatureSchema>;

/** Confirmed automatically at or above this confidence; below it the creator reviews. */
export const AUTO_CONFIRM_CONFIDENCE = 0.9;

export const findingSchema = z.object({
  id: z.string(),
  kind: findingKindSchema,
  status: findingStatusSchema,
  reviewedBy: z.enum(['auto', 'creator']).nullable(),
  pageUrl: z.string(),
  mediaUrl: z.string().nullable(),
  pageTitle: z.string().nullable(),
  site: z.object({ id: z.string().nullable(), name: z.string(), kind: siteKindSchema }),
  /** The creator's reference file the copy matches (leaks). */
  reference: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** PDQ distance (0–256) to the reference, when the match was by hash. */
  distance: z.number().int().nullable(),
  confidence: z.number(),
  /** GET /api/findings/{id}/thumbnail serves it when true. */
  hasThumbnail: z.boolean(),
  /**
   * Found on a Tor onion service (Premium's dark web scanning): such sites answer to no registrar or
   * host, so it is enforced only through a contact of the site's own; copies on the clearnet are not.
   */
  isDarkWeb: z.boolean(),
  /**
   * The onion site (its host) whose clearnet mirror this page is on: a dark web site named this host as
   * its mirror. The copy is taken down like any clearnet copy. Null for any other page.
   */
  mirrorOf: z.string().nullable(),
  impersonation: z
    .object({
      platform: z.string(),
      username: z.string(),
      displayName: z.string().nullable(),
      /** uses-name, uses-picture, uses-face, username-variant */
      reasons: z.array(z.string()),
    })
    .nullable(),
  /** The whitelist entry covering the URL, for people. */
  whitelistedBy: z.string().nullable(),
  source: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** A file taken down before and found again here: the earlier finding, its page and when it was removed. */
  reuploadOf: z
    .object({ findingId: z.string(), pageUrl: z.string(), removedAt: z.string() })
    .nullable()
    .optional(),
  /** When the creator asked Shark's team to review it (a finding waiting for her review). */
  staffReviewRequestedAt: z.string().nullable().optional(),
  /**
   * Likeness findings: how close the found face is to her enrolled face (cosine, 0–1), what she said
   * it is once confirmed, and whether GET /api/findings/{id}/face/found and …/face/enrolled serve the
   * two crops.
   */
  likeness: z
    .object({
      similarity: z.number().nullable(),
      nature: likenessNatureSchema.nullable(),
      hasFoundFace: z.boolean(),
      hasEnrolledFace: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type Finding = z.infer<typeof findingSchema>;

export const FINDINGS_PAGE_SIZE = 25;

/** GET /api/findings search options. */
export const findingQuerySchema = z.object({
  status: findingStatusSchema.optional(),
  kind: findingKindSchema.optional(),
  scanId: z.string().max(200).optional(),
  /** Opaque cursor from the previous page. */
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type FindingQuery = z.infer<typeof findingQuerySchema>;

export const findingPageSchema = z.object({
  findings: z.array(findingSchema),
  nextCursor: z.string().nullable(),
  /** Counts over all of the creator's findings, by status. */
  counts: z.object({
    pending_review: z.number().int(),
    confirmed: z.number().int(),
    rejected: z.number().int(),
    whitelisted: z.number().int(),
  }),
});
export type FindingPage = z.infer<typeof findingPageSchema>;

/**
 * POST /api/findings/{id}/review: confirm ("mine"), reject ("not mine"), or whitelist its URL.
 * Confirming a likeness finding says what it is (`likenessNature`); no other review takes one.
 */
export const reviewFindingSchema = z.object({
  action: z.enum(['confirm', 'reject', 'whitelist'], {
    error: 'Choose confirm, not mine or whitelist.',
  }),
  likenessNature: likenessNatureSchema.optional(),
});
export type ReviewFinding = z.infer<typeof reviewFindingSchema>;

/** POST /api/findings/{id}/review answer: the finding as it is now. */
export const reviewFindingResultSchema = z.object({
  finding: findingSchema,
  /** whitelist: how many other findings the entry covers and whitelisted with it (0 for confirm and reject). */
  alsoWhitelisted: z.number().int(),
});
export type ReviewFindingResult = z.infer<typeof reviewFindingResultSchema>;

/** POST /api/findings/{id}/ask-review answer: the finding, with the time Shark was asked. */
export const askFindingReviewResultSchema = z.object({ finding: findingSchema });
export type AskFindingReviewResult = z.infer<typeof askFindingReviewResultSchema>;

/** GET /api/findings/{id}/thumbnail options: blur=1 blurs it (it always is for a creator who cannot see findings yet). */
/** GET /api/findings/{id}/face/{which}: the face found on the page, or her enrolled face it resembles. */
export const FACE_CROPS = ['found', 'enrolled'] as const;
export type FaceCrop = (typeof FACE_CROPS)[number];
export const faceCropParamsSchema = z.object({
  id: z.string(),
  which: z.enum(FACE_CROPS, { error: 'Choose found or enrolled.' }),
});

export const findingThumbnailQuerySchema = z.object({
  blur: z.enum(['0', '1'], { error: 'blur is 0 or 1.' }).optional(),
});

/** GET /api/onboarding/free-scan: the free scan's results, before payment. */
export const freeScanResultSchema = z.object({
  scan: z
    .object({
      id: z.string(),
      status: z.enum(['queued', 'running', 'completed', 'failed']),
      startedAt: z.string().nullable(),
      finishedAt: z.string().nullable(),
      deadlineAt: z.string().nullable(),
      queryBudget: z.number().int().nullable(),
      queriesUsed: z.number().int(),
      pagesChecked: z.number().int(),
    })
    .nullable(),
  /** Possible leaks and impersonators found, by kind of site. */
  byKind: z.record(z.string(), z.number().int()),
  total: z.number().int(),
  /** A few of them, to show blurred (their thumbnails come blurred from the server). */
  examples: z.array(
    z.object({
      id: z.string(),
      siteName: z.string(),
      siteKind: siteKindSchema,
      title: z.string().nullable(),
      hasThumbnail: z.boolean(),
    }),
  ),
  /** True when no search API is configured: the scan used the site catalog alone (say so). */
  catalogOnly: z.boolean(),
  /** The usernames searched. */
  usernames: z.array(z.string()),
});
export type FreeScanResult = z.infer<typeof freeScanResultSchema>;
