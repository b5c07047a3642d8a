// Free Removals (features/promo-removals): removals a promoProtect user gets without a subscription.
import { z } from 'zod';
import { nonNegativeInt } from './values.ts';

export const promoRemovalsVariables = z.object({
  PROMO_FREE_REMOVALS: nonNegativeInt(3),
});

export function promoRemovalsConfig(env: z.infer<typeof promoRemovalsVariables>) {
  return {
    /** Free Removals (features/promo-removals): how many removals a promoProtect user gets without a subscription. */
    promoRemovals: { freeRemovals: env.PROMO_FREE_REMOVALS },
  };
}
