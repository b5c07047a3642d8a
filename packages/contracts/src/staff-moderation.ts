// Moderation in the staff console (agents): the community's posts (`shark community`) and the Scam
// Registry's reports (`shark registry`).
import { z } from 'zod';
import { operatorCommunityPostSchema } from './community.ts';
import { operatorRiskEntrySchema, RISK_REVIEW_NOTE_MAX_LENGTH } from './risk-registry.ts';

export const staffCommunityPostListSchema = z.object({
  posts: z.array(operatorCommunityPostSchema),
});
export type StaffCommunityPostList = z.infer<typeof staffCommunityPostListSchema>;

export const staffRecordIdParamSchema = z.object({
  id: z.string().trim().min(1, 'An id is required.').max(200),
});

export const staffRiskEntryListSchema = z.object({ entries: z.array(operatorRiskEntrySchema) });
export type StaffRiskEntryList = z.infer<typeof staffRiskEntryListSchema>;

const note = z
  .string()
  .trim()
  .max(RISK_REVIEW_NOTE_MAX_LENGTH, `Keep it under ${RISK_REVIEW_NOTE_MAX_LENGTH} characters.`);

/** POST /api/staff/registry/{id}/publish: an optional note, shown to the reporter. */
export const publishRiskEntrySchema = z.object({ note: note.nullish() });
export type PublishRiskEntry = z.infer<typeof publishRiskEntrySchema>;

/** POST /api/staff/registry/{id}/reject: the reason, shown to the reporter. */
export const rejectRiskEntrySchema = z.object({
  reason: note.min(1, 'Give the reason: the reporter sees it.'),
});
export type RejectRiskEntry = z.infer<typeof rejectRiskEntrySchema>;
