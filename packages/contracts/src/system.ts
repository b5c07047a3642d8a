// Health and brand: the two calls that need no session.
import { z } from 'zod';
import { SIDEBAR_VARIANTS } from './system-mini.ts';

export { SIDEBAR_VARIANTS };

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    status: z.enum(['up', 'down']),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nullable(),
    migrations: z.number().int(),
    error: z.string().optional(),
  }),
});
export type Health = z.infer<typeof healthSchema>;

export const brandSchema = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  theme: z.object({ light: z.string(), dark: z.string() }),
  links: z.object({ contact: z.string(), terms: z.string(), privacy: z.string() }),
  sidebarVariant: z.enum(SIDEBAR_VARIANTS),
  googleSignIn: z.boolean(),
});
export type Brand = z.infer<typeof brandSchema>;
