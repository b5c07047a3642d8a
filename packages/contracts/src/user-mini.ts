// The signed-in user of user.ts built with zod/mini, for the web app's first render (the route
// guards load it), so that zod's classic API stays out of it. `toZod` keeps its type equal to
// user.ts's.
import * as z from 'zod/mini';
import type { User } from './user.ts';

export const FRONTEND_STATUSES = ['free', 'subscribed', 'former'] as const;

export const PLANS = ['standard', 'plus', 'premium'] as const;

export const SPECIAL_FEATURES = [
  'promoProtect',
  'submitLeak',
  'impersonation',
  'searchEngineRemovals',
  'explicitlyShowUploadFiles',
] as const;

export const userSchema = z.toZod<User>()(
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    isAffiliateOnly: z.boolean(),
    suggestUpgradeCustomMessage: z.nullable(z.string()),
    frontendStatus: z.enum(FRONTEND_STATUSES),
    effectiveSpecialFeatures: z.array(z.enum(SPECIAL_FEATURES)),
    needsOnboarding: z.boolean(),
    isCancelledButActive: z.boolean(),
    shouldShowUpgrade: z.boolean(),
  }),
);
