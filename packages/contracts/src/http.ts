// Wire-level constants and the error body shared by every API answer.
import { z } from 'zod';
import { AUTH_COOKIE_PREFIX, LOGGED_IN_COOKIE, PROVIDER_HEADER } from './http-mini.ts';

export { AUTH_COOKIE_PREFIX, LOGGED_IN_COOKIE, PROVIDER_HEADER };

/** With PLAN_LIMIT_REACHED: which limit, how much the plan allows, and the plan that allows more. */
export const limitDetailsSchema = z.object({
  name: z.string(),
  allowed: z.number().int(),
  used: z.number().int(),
  tier: z.string(),
  /** The cheapest tier with a higher limit; null when none has. */
  upgradeTier: z.string().nullable(),
});
export type LimitDetails = z.infer<typeof limitDetailsSchema>;

export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Field-level messages, keyed by field name, for forms. */
  fields: z.record(z.string(), z.string()).optional(),
  limit: limitDetailsSchema.optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
