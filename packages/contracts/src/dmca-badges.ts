// DMCA badges: the creator's own badge, and the public page that confirms protection.
import { z } from 'zod';

export const myBadgeSchema = z.object({
  /** Unguessable public identifier printed in the badge's link. */
  publicId: z.string(),
  /** Absolute URL of the public confirmation page. */
  verifyUrl: z.string(),
});
export type MyBadge = z.infer<typeof myBadgeSchema>;

export const publicBadgeSchema = z.object({
  brandName: z.string(),
  isProtected: z.boolean(),
  /** When the current protection began (ISO date), if protected. */
  protectedSince: z.string().nullable(),
});
export type PublicBadge = z.infer<typeof publicBadgeSchema>;

export const badgePublicIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'This badge link is not valid.');
