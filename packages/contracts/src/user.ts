// The signed-in user as GET /api/user returns it.
import { z } from 'zod';
import { FRONTEND_STATUSES, PLANS, SPECIAL_FEATURES } from './user-mini.ts';

export { FRONTEND_STATUSES, PLANS, SPECIAL_FEATURES };

export const frontendStatusSchema = z.enum(FRONTEND_STATUSES);
export type FrontendStatus = z.infer<typeof frontendStatusSchema>;

export const planSchema = z.enum(PLANS);
export type Plan = z.infer<typeof planSchema>;

export const specialFeatureSchema = z.enum(SPECIAL_FEATURES);
export type SpecialFeature = z.infer<typeof specialFeatureSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  isAffiliateOnly: z.boolean(),
  suggestUpgradeCustomMessage: z.string().nullable(),
  frontendStatus: frontendStatusSchema,
  effectiveSpecialFeatures: z.array(specialFeatureSchema),
  needsOnboarding: z.boolean(),
  isCancelledButActive: z.boolean(),
  shouldShowUpgrade: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
