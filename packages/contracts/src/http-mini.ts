// The wire constants of http.ts, and its shared error body built with zod/mini, for the web app's
// first render: the API client reads every error with it, and zod's classic API (which the server's
// OpenAPI generator needs) would otherwise load with the first page. `toZod` keeps the body's type
// equal to http.ts's.
import * as z from 'zod/mini';
import type { ApiError, LimitDetails } from './http.ts';

/** Every SPA call carries the brand's provider identifier in this header. */
export const PROVIDER_HEADER = 'x-provider';

/** Readable by the SPA (not HttpOnly): tells it a session probably exists. */
export const LOGGED_IN_COOKIE = 'shark_logged_in';

/** Prefix of the HttpOnly session cookies set by the auth library. */
export const AUTH_COOKIE_PREFIX = 'shark';

export const limitDetailsSchema = z.toZod<LimitDetails>()(
  z.object({
    name: z.string(),
    allowed: z.int(),
    used: z.int(),
    tier: z.string(),
    upgradeTier: z.nullable(z.string()),
  }),
);

export const apiErrorSchema = z.toZod<ApiError>()(
  z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
    limit: z.optional(limitDetailsSchema),
  }),
);
