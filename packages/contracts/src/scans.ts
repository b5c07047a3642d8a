// Scans: what the creator starts ("Scan now", the schedule, the free scan in onboarding) and
// the live progress of each. The pipeline behind them: docs/decisions/0011-scan-pipeline.md.
import { z } from 'zod';

export const SCAN_TRIGGERS = ['manual', 'schedule', 'onboarding'] as const;
export const scanTriggerSchema = z.enum(SCAN_TRIGGERS);
export type ScanTrigger = z.infer<typeof scanTriggerSchema>;

export const SCAN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export const scanStatusSchema = z.enum(SCAN_STATUSES);
export type ScanStatus = z.infer<typeof scanStatusSchema>;

/**
 * discover: one query to a search source or one catalog search page; profile: one username variant on
 * one social network (impersonation); fetch: one page; match: one picture or video from a page.
 */
export const SCAN_STAGES = ['discover', 'profile', 'fetch', 'match'] as const;
export const scanStageSchema = z.enum(SCAN_STAGES);
export type ScanStage = z.infer<typeof scanStageSchema>;

/** Counts of a stage's task rows by state. */
export const stageProgressSchema = z.object({
  queued: z.number().int(),
  running: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** Not done on purpose: robots.txt, whitelisted, refused address, over the budget or the deadline. */
  skipped: z.number().int(),
});
export type StageProgress = z.infer<typeof stageProgressSchema>;

export const scanSourceUseSchema = z.object({
  /** A discovery source id (brave-web…) or catalog:<site id>. */
  id: z.string(),
  name: z.string(),
  queries: z.number().int(),
  results: z.number().int(),
});

export const scanErrorSchema = z.object({
  stage: scanStageSchema,
  /** The URL or query it concerns. */
  subject: z.string(),
  message: z.string(),
  at: z.string(),
});
export type ScanError = z.infer<typeof scanErrorSchema>;

/** Why a scan gave a site up: its name did not resolve, it refused connections, or no route led to it. */
export const SITE_UNREACHABLE_REASONS = ['dns', 'refused', 'unreachable'] as const;
export const siteUnreachableReasonSchema = z.enum(SITE_UNREACHABLE_REASONS);
export type SiteUnreachableReason = z.infer<typeof siteUnreachableReasonSchema>;

/** A site the scan gave up after its first failed connection; its later tasks were skipped. */
export const unreachableSiteSchema = z.object({
  /** The site key: its registrable domain, or host:port. */
  site: z.string(),
  origin: z.string(),
  reason: siteUnreachableReasonSchema,
  message: z.string(),
  skippedTasks: z.number().int(),
  at: z.string(),
});
export type UnreachableSite = z.infer<typeof unreachableSiteSchema>;

/** A site searched further (its sitemap, listings, own search) because copies were found there. */
export const expandedSiteSchema = z.object({
  site: z.string(),
  origin: z.string(),
  /** Pages the expansion fetched. */
  pages: z.number().int(),
  /** Pages it may fetch per site (SCAN_SITE_PAGE_BUDGET). */
  budget: z.number().int(),
});
export type ExpandedSite = z.infer<typeof expandedSiteSchema>;

export const scanSchema = z.object({
  id: z.string(),
  trigger: scanTriggerSchema,
  status: scanStatusSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why the whole scan failed, in words. */
  error: z.string().nullable(),
  queryBudget: z.number().int().nullable(),
  deadlineAt: z.string().nullable(),
  stages: z.object({
    discover: stageProgressSchema,
    profile: stageProgressSchema,
    fetch: stageProgressSchema,
    match: stageProgressSchema,
  }),
  /** Queries sent per source (search APIs and catalog sites). */
  sources: z.array(scanSourceUseSchema),
  /** Findings this scan recorded or saw again, by kind. */
  findings: z.object({
    leak: z.number().int(),
    mention: z.number().int(),
    impersonation: z.number().int(),
  }),
  /** The latest failures (at most 20), newest first. */
  errors: z.array(scanErrorSchema),
  /** Sites given up as unreachable, and sites searched further, in this scan. */
  sites: z.object({
    unreachable: z.array(unreachableSiteSchema),
    expanded: z.array(expandedSiteSchema),
  }),
});
export type Scan = z.infer<typeof scanSchema>;

/** GET /api/scans: the latest scans, newest first, and when the next scheduled one is due. */
export const scanListSchema = z.object({
  scans: z.array(scanSchema),
  /** ISO time of the next scheduled scan; null when the plan has none (no subscription). */
  nextScheduledAt: z.string().nullable(),
  /** Scans started with "Scan now" this month against the plan's limit (scheduled scans do not count). */
  usedThisMonth: z.number().int(),
  allowedPerMonth: z.number().int().nullable(),
});
export type ScanList = z.infer<typeof scanListSchema>;

/** POST /api/scans: "Scan now". 409 CONFLICT while one runs; 403 PLAN_LIMIT_REACHED past the plan's limit. */
export const startScanSchema = z.object({}).strict();

/** GET /api/scan-sources: which discovery sources are on, and why the others are off. */
export const scanSourceStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** text: searches usernames and terms; image: searches with reference pictures. */
  input: z.enum(['text', 'image']),
  enabled: z.boolean(),
  reason: z.string().nullable(),
  /** Requests allowed per day (null: no quota) and used today. */
  dailyQuota: z.number().int().nullable(),
  usedToday: z.number().int(),
});
export const scanSourcesSchema = z.object({
  sources: z.array(scanSourceStatusSchema),
  /** Sites of the catalog scanned directly (no key needed), by kind. */
  catalog: z.object({
    version: z.number().int(),
    sites: z.number().int(),
    byKind: z.record(z.string(), z.number().int()),
  }),
});
export type ScanSources = z.infer<typeof scanSourcesSchema>;
