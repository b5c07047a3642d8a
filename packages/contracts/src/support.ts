// Support requests: a creator asks Shark's team for help (/support, /api/support…), optionally about
// one of her takedowns or findings; staff answer, close and reopen them (/staff/support,
// /api/staff/support…). Status `open` means the request waits for staff.
import { z } from 'zod';
import { SUPPORT_MESSAGE_MAX, SUPPORT_STATUSES, SUPPORT_SUBJECT_MAX } from './support-values.ts';

export { SUPPORT_MESSAGE_MAX, SUPPORT_STATUSES, SUPPORT_SUBJECT_MAX };

export const supportStatusSchema = z.enum(SUPPORT_STATUSES, {
  error: 'Choose open, answered or closed.',
});
export type SupportStatus = z.infer<typeof supportStatusSchema>;

/** Requests not yet closed that one creator may have at once. */
export const SUPPORT_OPEN_LIMIT = 20;

const messageText = z
  .string({ error: 'Write your message.' })
  .trim()
  .min(1, 'Write your message.')
  .max(SUPPORT_MESSAGE_MAX, `Keep the message to ${SUPPORT_MESSAGE_MAX} characters.`);

const recordId = z.string().trim().min(1).max(200);

export const openSupportRequestSchema = z
  .object({
    subject: z
      .string({ error: 'Write a subject.' })
      .trim()
      .min(1, 'Write a subject.')
      .max(SUPPORT_SUBJECT_MAX, `Keep the subject to ${SUPPORT_SUBJECT_MAX} characters.`),
    message: messageText,
    /** One of her takedowns, or one of her findings (not both). */
    takedownId: recordId.nullish(),
    findingId: recordId.nullish(),
  })
  .refine((input) => !(input.takedownId && input.findingId), {
    message: 'Link the request to a takedown or to a finding, not both.',
    path: ['findingId'],
  });
export type OpenSupportRequest = z.infer<typeof openSupportRequestSchema>;

export const supportReplySchema = z.object({ message: messageText });
export type SupportReply = z.infer<typeof supportReplySchema>;

export const supportRequestIdSchema = z.object({ id: z.string().min(1).max(200) });

/** The takedown or finding a request is about, as far as it still exists. */
export const supportLinkSchema = z.object({
  type: z.enum(['takedown', 'finding']),
  id: z.string(),
  pageUrl: z.string(),
  host: z.string(),
  status: z.string(),
});
export type SupportLink = z.infer<typeof supportLinkSchema>;

export const supportMessageSchema = z.object({
  id: z.string(),
  fromStaff: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportRequestSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: supportStatusSchema,
  /** When the last message was written: her or the team's. */
  lastMessageAt: z.string(),
  createdAt: z.string(),
});
export type SupportRequestSummary = z.infer<typeof supportRequestSummarySchema>;

export const supportRequestListSchema = z.object({
  requests: z.array(supportRequestSummarySchema),
  /** Requests not closed, against SUPPORT_OPEN_LIMIT. */
  unclosed: z.number().int(),
  unclosedLimit: z.number().int(),
});
export type SupportRequestList = z.infer<typeof supportRequestListSchema>;

export const supportRequestSchema = supportRequestSummarySchema.extend({
  link: supportLinkSchema.nullable(),
  messages: z.array(supportMessageSchema),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

/** The creator as staff see her beside a request. */
export const supportCreatorSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  /** free, standard, plus or premium: what orders the list. */
  tier: z.string(),
  tierName: z.string(),
});
export type SupportCreator = z.infer<typeof supportCreatorSchema>;

export const staffSupportItemSchema = supportRequestSummarySchema.extend({
  creator: supportCreatorSchema,
});
export type StaffSupportItem = z.infer<typeof staffSupportItemSchema>;

export const STAFF_SUPPORT_PAGE_SIZE = 50;

export const staffSupportQuerySchema = z.object({
  status: supportStatusSchema.optional(),
  /** Part of the creator's e-mail address, or her user id. */
  creator: z.string().trim().min(1).max(320).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type StaffSupportQuery = z.infer<typeof staffSupportQuerySchema>;

export const staffSupportListSchema = z.object({
  requests: z.array(staffSupportItemSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type StaffSupportList = z.infer<typeof staffSupportListSchema>;

export const staffSupportMessageSchema = supportMessageSchema.extend({
  /** The staff member's address, or the creator's. */
  authorEmail: z.string().nullable(),
});

export const staffSupportRequestSchema = supportRequestSchema.extend({
  creator: supportCreatorSchema,
  messages: z.array(staffSupportMessageSchema),
});
export type StaffSupportRequest = z.infer<typeof staffSupportRequestSchema>;
