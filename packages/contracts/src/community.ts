// Community (/community): announcements and resources the operators publish (`shark community …`),
// and the brand's community channels (the brand configuration's `community` links).
import { z } from 'zod';
import { COMMUNITY_MAX_PAGE, PAGE_NUMBER_MESSAGE } from './community-values.ts';

export { COMMUNITY_MAX_PAGE };

export const pageNumberSchema = z.coerce
  .number({ error: PAGE_NUMBER_MESSAGE })
  .int(PAGE_NUMBER_MESSAGE)
  .min(1, PAGE_NUMBER_MESSAGE)
  .max(COMMUNITY_MAX_PAGE, PAGE_NUMBER_MESSAGE);

export const COMMUNITY_POST_KINDS = ['announcement', 'resource'] as const;
export const communityPostKindSchema = z.enum(COMMUNITY_POST_KINDS, {
  error: 'The kind is announcement or resource.',
});
export type CommunityPostKind = z.infer<typeof communityPostKindSchema>;

export const COMMUNITY_TITLE_MAX_LENGTH = 200;
export const COMMUNITY_BODY_MAX_LENGTH = 5000;
export const COMMUNITY_URL_MAX_LENGTH = 2048;
export const COMMUNITY_PAGE_SIZE = 10;
/** Pages past this are refused: a page number is a small whole number. */

/** An http(s) address, or the message for people saying why not. */
export function httpUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full web address starting with https:// or http://.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'Only web addresses starting with https:// or http:// are allowed.';
  if (url.hostname === '') return 'Enter a full web address starting with https:// or http://.';
  return null;
}

/** A web address, http or https only (shown as a link: never javascript: or data:). */
export const httpUrlSchema = z
  .string({ error: 'Enter a web address.' })
  .trim()
  .min(1, 'Enter a web address.')
  .max(COMMUNITY_URL_MAX_LENGTH, `Keep web addresses under ${COMMUNITY_URL_MAX_LENGTH} characters.`)
  .superRefine((value, ctx) => {
    const problem = httpUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const communityPostSchema = z.object({
  id: z.string(),
  kind: communityPostKindSchema,
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  isPinned: z.boolean(),
  publishedAt: z.string(),
});
export type CommunityPost = z.infer<typeof communityPostSchema>;

/** A link to one of the brand's community channels (a forum, a Discord server, a newsletter…). */
export const communityChannelSchema = z.object({
  label: z.string(),
  url: z.string(),
  description: z.string().nullable(),
});
export type CommunityChannel = z.infer<typeof communityChannelSchema>;

/** GET /api/community */
export const communityQuerySchema = z.object({ page: pageNumberSchema.default(1) });
export type CommunityQuery = z.output<typeof communityQuerySchema>;

/** Pinned posts first, then newest first; archived posts are never listed. */
export const communityPageSchema = z.object({
  posts: z.array(communityPostSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The brand's channels; empty when the brand lists none. */
  channels: z.array(communityChannelSchema),
});
export type CommunityPage = z.infer<typeof communityPageSchema>;

/** `shark community publish`: the operator's new post. */
export const publishCommunityPostSchema = z.object({
  kind: communityPostKindSchema,
  title: z
    .string({ error: 'A title is required.' })
    .trim()
    .min(1, 'A title is required.')
    .max(
      COMMUNITY_TITLE_MAX_LENGTH,
      `Keep the title under ${COMMUNITY_TITLE_MAX_LENGTH} characters.`,
    ),
  body: z
    .string({ error: 'A body is required.' })
    .trim()
    .min(1, 'A body is required.')
    .max(COMMUNITY_BODY_MAX_LENGTH, `Keep the body under ${COMMUNITY_BODY_MAX_LENGTH} characters.`),
  url: httpUrlSchema.nullable().default(null),
  isPinned: z.boolean().default(false),
  createdBy: z.string().trim().max(200).nullable().default(null),
});
export type PublishCommunityPost = z.input<typeof publishCommunityPostSchema>;

/** A post as `shark community list` shows it: archived ones too, with who published it. */
export const operatorCommunityPostSchema = communityPostSchema.extend({
  archivedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type OperatorCommunityPost = z.infer<typeof operatorCommunityPostSchema>;
