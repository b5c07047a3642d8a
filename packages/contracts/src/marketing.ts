// Marketing (/marketing/social-share and /marketing/welcome-package): ready-to-post texts and share
// images that say the creator is protected (with the brand and her DMCA badge), and her welcome package
// (what her plan protects, her set-up, the first steps) with its PDF.
import { z } from 'zod';
import { tierSchema } from './plans.ts';
import { frontendStatusSchema } from './user.ts';

export const SHARE_NETWORKS = ['x', 'instagram', 'facebook', 'threads', 'bluesky'] as const;
export const shareNetworkSchema = z.enum(SHARE_NETWORKS);
export type ShareNetwork = z.infer<typeof shareNetworkSchema>;

/**
 * Each network's name and the most characters a post may have there. X counts every link as 23
 * characters (its link shortener), whatever its length; the others count links as they are.
 */
export const SHARE_NETWORK_LIMITS: Record<ShareNetwork, { name: string; maxLength: number }> = {
  x: { name: 'X (Twitter)', maxLength: 280 },
  instagram: { name: 'Instagram', maxLength: 2200 },
  facebook: { name: 'Facebook', maxLength: 5000 },
  threads: { name: 'Threads', maxLength: 500 },
  bluesky: { name: 'Bluesky', maxLength: 300 },
};

/** How X counts a link, whatever its length. */
export const X_LINK_LENGTH = 23;

/** The post's length as the network counts it. */
export function postLength(network: ShareNetwork, text: string): number {
  const characters = (value: string) => [...value].length;
  if (network !== 'x') return characters(text);
  return characters(text.replace(/https?:\/\/\S+/g, 'x'.repeat(X_LINK_LENGTH)));
}

/**
 * ready: she has a badge and an active plan, so its verification page confirms her protection;
 * not_created: an active plan but no badge yet (it is made on the DMCA Badges page); not_protected:
 * no active plan, so a badge would not confirm anything.
 */
export const BADGE_STATES = ['ready', 'not_created', 'not_protected'] as const;
export const marketingBadgeSchema = z.object({
  state: z.enum(BADGE_STATES),
  publicId: z.string().nullable(),
  /** The badge's public verification page, when ready. */
  verifyUrl: z.string().nullable(),
});
export type MarketingBadge = z.infer<typeof marketingBadgeSchema>;

export const SHARE_IMAGE_FORMATS = ['square', 'landscape', 'story'] as const;
export const shareImageFormatSchema = z.enum(SHARE_IMAGE_FORMATS);
export type ShareImageFormat = z.infer<typeof shareImageFormatSchema>;

/** The sizes networks use: a square feed post, a link preview or landscape post, a story. */
export const SHARE_IMAGE_SIZES: Record<
  ShareImageFormat,
  { width: number; height: number; label: string; usedFor: string }
> = {
  square: {
    width: 1080,
    height: 1080,
    label: 'Square post',
    usedFor: 'Instagram and Facebook feed posts',
  },
  landscape: {
    width: 1200,
    height: 630,
    label: 'Landscape post',
    usedFor: 'X, Facebook, Threads and Bluesky posts and link previews',
  },
  story: {
    width: 1080,
    height: 1920,
    label: 'Story',
    usedFor: 'Instagram, Facebook and TikTok stories',
  },
};

export const sharePostSchema = z.object({
  id: z.string(),
  network: shareNetworkSchema,
  networkName: z.string(),
  /** What the post says, in a word: "Announcement", "Warning to leakers". */
  variant: z.string(),
  text: z.string(),
  /** As the network counts it (see postLength). */
  length: z.number().int(),
  maxLength: z.number().int(),
});
export type SharePost = z.infer<typeof sharePostSchema>;

export const shareImageSchema = z.object({
  format: shareImageFormatSchema,
  width: z.number().int(),
  height: z.number().int(),
  label: z.string(),
  usedFor: z.string(),
  /** The PNG's file name when downloaded. */
  fileName: z.string(),
});
export type ShareImage = z.infer<typeof shareImageSchema>;

/** GET /api/marketing/social-share */
export const socialShareSchema = z.object({
  brandName: z.string(),
  /** The brand's app, linked from posts when there is no badge to link. */
  brandUrl: z.string(),
  badge: marketingBadgeSchema,
  posts: z.array(sharePostSchema),
  images: z.array(shareImageSchema),
});
export type SocialShare = z.infer<typeof socialShareSchema>;

/** GET /api/marketing/social-share/images/{format}.png: the brand, for plain download links. */
export const shareImageQuerySchema = z.object({ provider: z.string().max(64).optional() });

export const CHECKLIST_STEPS = [
  'plan',
  'accounts',
  'content',
  'searchTerms',
  'authorization',
  'badge',
] as const;
export const checklistStepSchema = z.enum(CHECKLIST_STEPS);

export const welcomeChecklistItemSchema = z.object({
  step: checklistStepSchema,
  title: z.string(),
  description: z.string(),
  isDone: z.boolean(),
  /** The app page where the step is done (a path of the app, with a #hash when it is a section). */
  href: z.string(),
  /** The button's words. */
  action: z.string(),
});
export type WelcomeChecklistItem = z.infer<typeof welcomeChecklistItemSchema>;

/** GET /api/marketing/welcome-package */
export const welcomePackageSchema = z.object({
  brandName: z.string(),
  brandUrl: z.string(),
  contactUrl: z.string(),
  creatorName: z.string(),
  plan: z.object({
    status: frontendStatusSchema,
    tier: tierSchema,
    tierName: z.string(),
    /** What her plan protects, one line each ("2 usernames", "Report leaks you find yourself"). */
    includes: z.array(z.string()),
  }),
  setup: z.object({
    usernames: z.number().int(),
    usernamesLimit: z.number().int().nullable(),
    searchTerms: z.number().int(),
    searchTermsLimit: z.number().int().nullable(),
    referenceFiles: z.number().int(),
    whitelistEntries: z.number().int(),
    isAuthorizationSigned: z.boolean(),
    takedowns: z.number().int(),
    removed: z.number().int(),
  }),
  badge: marketingBadgeSchema,
  checklist: z.array(welcomeChecklistItemSchema),
});
export type WelcomePackage = z.infer<typeof welcomePackageSchema>;
