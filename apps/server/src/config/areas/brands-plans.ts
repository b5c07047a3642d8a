// The brands and the plans offered: JSON files, the shipped ones under config/ unless named.
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { optionalString, repoRoot } from './values.ts';

export const brandsPlansVariables = z.object({
  BRANDS_FILE: optionalString,
  PLANS_FILE: optionalString,
});

export function brandsPlansConfig(env: z.infer<typeof brandsPlansVariables>) {
  return {
    brandsFile: resolve(env.BRANDS_FILE ?? join(repoRoot, 'config/brands.json')),
    plansFile: resolve(env.PLANS_FILE ?? join(repoRoot, 'config/plans.json')),
  };
}
