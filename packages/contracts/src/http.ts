// Wire-level constants and the error body shared by every API answer.
import { z } from 'zod';

/** Every SPA call carries the brand's provider identifier in this header. */
export const PROVIDER_HEADER = 'x-provider';

/** Readable by the SPA (not HttpOnly): tells it a session probably exists (spec §7). */
export const LOGGED_IN_COOKIE = 'shark_logged_in';

/** Prefix of the HttpOnly session cookies set by the auth library. */
export const AUTH_COOKIE_PREFIX = 'shark';

export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Field-level messages, keyed by field name, for forms. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
