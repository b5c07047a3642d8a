// The plan catalog (config/plans.json) and a user's usage against their plan's limits.
import { z } from 'zod';
import { planSchema, specialFeatureSchema } from './user.ts';

export const TIERS = ['free', 'standard', 'plus', 'premium'] as const;
export const tierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof tierSchema>;

export const LIMITS = [
  'usernames',
  'searchTerms',
  'whitelistEntries',
  'referenceStorageBytes',
  'scansPerMonth',
  'manualRemovalsPerMonth',
] as const;
export const limitNameSchema = z.enum(LIMITS);
export type LimitName = z.infer<typeof limitNameSchema>;

/** What the limit counts, for messages: "2 usernames". */
export const LIMIT_NOUNS: Record<LimitName, { one: string; many: string }> = {
  usernames: { one: 'username', many: 'usernames' },
  searchTerms: { one: 'search term', many: 'search terms' },
  whitelistEntries: { one: 'whitelist entry', many: 'whitelist entries' },
  referenceStorageBytes: { one: 'byte of reference storage', many: 'bytes of reference storage' },
  scansPerMonth: { one: 'scan a month', many: 'scans a month' },
  manualRemovalsPerMonth: { one: 'manual removal a month', many: 'manual removals a month' },
};

export const PERKS = [
  'priorityManualRemovals',
  'deepfakeProtection',
  'fakeAccountTakedowns',
  'impersonationProtection',
  'darkWebScanning',
  'prioritySupport',
] as const;
export const perkSchema = z.enum(PERKS);
export type Perk = z.infer<typeof perkSchema>;

/** null: unlimited. */
const limitValue = z.number().int().nonnegative().nullable();
export const limitsSchema = z.object(
  Object.fromEntries(LIMITS.map((l) => [l, limitValue])) as Record<LimitName, typeof limitValue>,
);
export type Limits = z.infer<typeof limitsSchema>;

const currencyCode = z.string().regex(/^[a-z]{3}$/, 'a lower-case ISO 4217 code such as usd');
/** Amounts in the currency's minor unit (cents). */
const priceSchema = z.object({
  monthly: z.number().int().positive(),
  annual: z.number().int().positive(),
});

const tierEntry = z.object({
  name: z.string().min(1),
  audience: z.string().optional(),
  limits: limitsSchema,
  features: z.array(specialFeatureSchema),
  perks: z.array(perkSchema),
});
const paidTierEntry = tierEntry.extend({ prices: z.record(currencyCode, priceSchema) });

export const planCatalogSchema = z
  .object({
    version: z.number().int().positive(),
    currencies: z.array(currencyCode).min(1),
    tiers: z.object({
      free: tierEntry,
      standard: paidTierEntry,
      plus: paidTierEntry,
      premium: paidTierEntry,
    }),
  })
  .superRefine((catalog, ctx) => {
    for (const plan of planSchema.options) {
      for (const currency of catalog.currencies) {
        if (!catalog.tiers[plan].prices[currency]) {
          ctx.addIssue({
            code: 'custom',
            path: ['tiers', plan, 'prices', currency],
            message: `${plan} has no ${currency} price`,
          });
        }
      }
    }
  });
export type PlanCatalog = z.infer<typeof planCatalogSchema>;

/** GET /api/usage: the tier whose limits apply, and how much of each the user uses. */
export const usageSchema = z.object({
  tier: tierSchema,
  tierName: z.string(),
  limits: limitsSchema,
  usage: z.object({
    usernames: z.number().int(),
    searchTerms: z.number().int(),
    whitelistEntries: z.number().int(),
    referenceStorageBytes: z.number().int(),
  }),
});
export type Usage = z.infer<typeof usageSchema>;
