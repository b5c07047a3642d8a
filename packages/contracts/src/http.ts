// Wire-level constants and the error body shared by every API answer.
import { z } from 'zod';

/** Every SPA call carries the brand's provider identifier in this header. */
export const PROVIDER_HEADER = 'x-provider';

/** Readable by the SPA (not HttpOnly): tells it a session probably exists. */
export const LOGGED_IN_COOKIE = 'shark_logged_in';

/** Prefix of the HttpOnly session cookies set by the auth library. */
export const AUTH_COOKIE_PREFIX = 'shark';

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
