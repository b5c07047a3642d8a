// The brand of system.ts built with zod/mini, for the web app's first render (the root route loads
// it), so that zod's classic API stays out of it. `toZod` keeps its type equal to system.ts's.
import * as z from 'zod/mini';
import type { Brand } from './system.ts';

export const SIDEBAR_VARIANTS = ['classic', 'grouped'] as const;

export const brandSchema = z.toZod<Brand>()(
  z.object({
    id: z.string(),
    name: z.string(),
    logoUrl: z.string(),
    theme: z.object({ light: z.string(), dark: z.string() }),
    links: z.object({ contact: z.string(), terms: z.string(), privacy: z.string() }),
    sidebarVariant: z.enum(SIDEBAR_VARIANTS),
    googleSignIn: z.boolean(),
  }),
);
