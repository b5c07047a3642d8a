// Free Removals (/promo-protect, special feature promoProtect): a promotional allowance of removals
// without a subscription. She reports an address with her statement of ownership; it is checked like a
// Report Leaks address and taken down through the same enforcement pipeline, within the allowance.
import { z } from 'zod';
import {
  REPORTED_URL_MAX_LENGTH,
  ownershipConfirmedSchema,
  reportTakedownSchema,
  reportedUrlStatusSchema,
} from './report-leaks.ts';

/** POST /api/promo-removals: one address at a time (each one spends a removal). */
export const reportFreeRemovalSchema = z.object({
  url: z
    .string({ error: 'Enter the address of the page.' })
    .trim()
    .min(1, 'Enter the address of the page.')
    .max(REPORTED_URL_MAX_LENGTH, `An address is at most ${REPORTED_URL_MAX_LENGTH} characters.`),
  ownershipConfirmed: ownershipConfirmedSchema,
});
export type ReportFreeRemoval = z.input<typeof reportFreeRemovalSchema>;

/** How many removals she gets, how many she has used and how many are left. */
export const freeRemovalAllowanceSchema = z.object({
  limit: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  left: z.number().int().nonnegative(),
});
export type FreeRemovalAllowance = z.infer<typeof freeRemovalAllowanceSchema>;

/**
 * Where a free removal stands, from her report to the confirmed takedown: checking (queued to be
 * fetched and compared with her files); not_checkable (the address is not a page of the public web,
 * or the check failed on our side: no takedown, and the removal is given back); whitelisted (her
 * whitelist covers where it led: nothing is sent); then the takedown's own status.
 */
export const FREE_REMOVAL_STAGES = [
  'checking',
  'not_checkable',
  'whitelisted',
  'takedown_opened',
  'notice_sent',
  'removed',
  'rejected',
  'no_response',
  'escalated',
  'closed',
] as const;
export const freeRemovalStageSchema = z.enum(FREE_REMOVAL_STAGES);
export type FreeRemovalStage = z.infer<typeof freeRemovalStageSchema>;

export const freeRemovalSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** The check: queued, matched, unmatched (tracked on her word) or failed. */
  check: reportedUrlStatusSchema,
  stage: freeRemovalStageSchema,
  /** What the fetch and the match saw, in words; null while queued. */
  detail: z.string().nullable(),
  /** The reference file the page copies, when matched. */
  reference: z.object({ id: z.string(), name: z.string() }).nullable(),
  takedown: reportTakedownSchema,
  /** Whether it spends one of her removals (a report that could not become a takedown does not). */
  isCounted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FreeRemoval = z.infer<typeof freeRemovalSchema>;

/** GET /api/promo-removals: the allowance and every free removal, newest first. */
export const freeRemovalsSchema = z.object({
  allowance: freeRemovalAllowanceSchema,
  removals: z.array(freeRemovalSchema),
});
export type FreeRemovals = z.infer<typeof freeRemovalsSchema>;

/** POST /api/promo-removals answer: the removal made and the allowance after it. */
export const reportFreeRemovalResultSchema = z.object({
  removal: freeRemovalSchema,
  allowance: freeRemovalAllowanceSchema,
});
export type ReportFreeRemovalResult = z.infer<typeof reportFreeRemovalResultSchema>;
