// The staff console's creators: the lookup, one creator's page, and the admins' grants on her account.
import { z } from 'zod';
import { findingKindSchema, findingStatusSchema } from './findings.ts';
import { usageSchema } from './plans.ts';
import {
  CREATOR_SEARCH_MAX,
  CREATOR_SEARCH_MESSAGES,
  CREATOR_SEARCH_MIN,
} from './staff-creators-values.ts';
import { takedownStatusSchema } from './takedown-report.ts';
import { frontendStatusSchema, planSchema, specialFeatureSchema, userSchema } from './user.ts';

/** GET /api/staff/creators?q=: an e-mail address, a name, a username or a page address. */
export const creatorSearchQuerySchema = z.object({
  q: z
    .string({ error: CREATOR_SEARCH_MESSAGES.missing })
    .trim()
    .min(CREATOR_SEARCH_MIN, CREATOR_SEARCH_MESSAGES.tooShort)
    .max(CREATOR_SEARCH_MAX, CREATOR_SEARCH_MESSAGES.tooLong),
});
export type CreatorSearchQuery = z.infer<typeof creatorSearchQuerySchema>;

export const CREATOR_SEARCH_LIMIT = 25;

/** How a creator was found: her account, one of her protected accounts or search terms, or a page. */
export const CREATOR_MATCHES = ['email', 'name', 'username', 'search_term', 'page'] as const;
export const creatorMatchSchema = z.enum(CREATOR_MATCHES);
export type CreatorMatch = z.infer<typeof creatorMatchSchema>;

export const creatorHitSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  matchedBy: creatorMatchSchema,
  /** What matched, as stored: the address, the username, the page. */
  matched: z.string(),
});
export type CreatorHit = z.infer<typeof creatorHitSchema>;

export const creatorSearchResultSchema = z.object({
  creators: z.array(creatorHitSchema),
  /** More creators matched than are listed: narrow the search. */
  isTruncated: z.boolean(),
});
export type CreatorSearchResult = z.infer<typeof creatorSearchResultSchema>;

export const creatorIdParamSchema = z.object({
  id: z.string().trim().min(1).max(200),
});

const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  plan: planSchema,
  interval: z.string(),
  currency: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string(),
});

const protectedAccountSchema = z.object({
  id: z.string(),
  platform: z.string(),
  username: z.string(),
  profileUrl: z.string(),
  isOld: z.boolean(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});

const recentFindingSchema = z.object({
  id: z.string(),
  kind: findingKindSchema,
  status: findingStatusSchema,
  pageUrl: z.string(),
  confidence: z.number(),
  staffReviewRequestedAt: z.string().nullable(),
  lastSeenAt: z.string(),
});

const recentTakedownSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: takedownStatusSchema,
  pageUrl: z.string(),
  host: z.string(),
  confirmedAt: z.string(),
  updatedAt: z.string(),
});

const supportRequestSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.string(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
});

/** GET /api/staff/creators/{id}: everything a staff member needs to help her, on one page. */
export const creatorOverviewSchema = z.object({
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    isAffiliateOnly: z.boolean(),
    createdAt: z.string(),
  }),
  account: z.object({
    status: frontendStatusSchema,
    plan: planSchema.nullable(),
    /** Granted by staff or the CLI, on top of the plan's. */
    grantedFeatures: z.array(specialFeatureSchema),
    effectiveFeatures: z.array(specialFeatureSchema),
    isCancelledButActive: z.boolean(),
    suggestUpgradeMessage: z.string().nullable(),
    subscribedSince: z.string().nullable(),
    /** The payment provider's subscription that still bills her, if any: it decides status and plan. */
    liveSubscription: subscriptionSchema.nullable(),
  }),
  usage: usageSchema,
  protectedAccounts: z.array(protectedAccountSchema),
  findings: z.object({
    counts: z.record(findingStatusSchema, z.number().int()),
    recent: z.array(recentFindingSchema),
  }),
  takedowns: z.object({
    counts: z.record(takedownStatusSchema, z.number().int()),
    recent: z.array(recentTakedownSchema),
  }),
  support: z.array(supportRequestSummarySchema),
});
export type CreatorOverview = z.infer<typeof creatorOverviewSchema>;

/** POST /api/staff/creators/{id}/grants (admins): what `shark users grant` changes; only the fields given. */
export const grantCreatorSchema = z
  .object({
    status: frontendStatusSchema.optional(),
    plan: planSchema.optional(),
    features: z.array(specialFeatureSchema).max(20).optional(),
    affiliateOnly: z.boolean().optional(),
    cancelledButActive: z.boolean().optional(),
    /** An empty text clears the suggestion. */
    suggestUpgrade: z
      .string()
      .trim()
      .max(500, 'Keep the suggestion under 500 characters.')
      .optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: 'Nothing to change: choose at least one thing to grant.',
  });
export type GrantCreator = z.infer<typeof grantCreatorSchema>;

/** The creator's account as she sees it (GET /api/user) after the grant. */
export const grantCreatorResultSchema = userSchema;
