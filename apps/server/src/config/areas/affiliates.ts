// Affiliate programme (features/affiliates): the commission, the hold before it is paid, the smallest payout.
import { z } from 'zod';
import { nonNegativeInt } from './values.ts';

export const affiliatesVariables = z.object({
  AFFILIATE_COMMISSION_PERCENT: z.coerce
    .number({ message: 'must be a percentage from 0 to 100' })
    .min(0, 'must be a percentage from 0 to 100')
    .max(100, 'must be a percentage from 0 to 100')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'must have at most two decimals')
    .default(20),
  AFFILIATE_HOLD_DAYS: nonNegativeInt(30),
  AFFILIATE_MIN_PAYOUT: nonNegativeInt(5000),
});

export function affiliatesConfig(env: z.infer<typeof affiliatesVariables>) {
  return {
    /** Affiliate programme (features/affiliates): the commission in basis points, the hold in days, the smallest payout (smallest currency unit). */
    affiliates: {
      commissionRateBps: Math.round(env.AFFILIATE_COMMISSION_PERCENT * 100),
      holdDays: env.AFFILIATE_HOLD_DAYS,
      minPayout: env.AFFILIATE_MIN_PAYOUT,
    },
  };
}
