// Sites outside the catalog that scans found copies on, in the staff console (agents): the review and
// the correction of a site's own copyright channel, the same actions as `shark sites`.
import { z } from 'zod';

export const DISCOVERED_SITE_STATUSES = ['candidate', 'accepted', 'dismissed'] as const;
export const discoveredSiteStatusSchema = z.enum(DISCOVERED_SITE_STATUSES);

export const discoveredSiteSchema = z.object({
  site: z.string(),
  origin: z.string(),
  name: z.string().nullable(),
  kind: z.string().nullable(),
  copies: z.number().int(),
  status: discoveredSiteStatusSchema,
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  lastFoundAt: z.string(),
});
export type DiscoveredSite = z.infer<typeof discoveredSiteSchema>;

/** GET /api/staff/sites?status=: most copies first; every status without one. */
export const staffSiteQuerySchema = z.object({ status: discoveredSiteStatusSchema.optional() });
export const staffSiteListSchema = z.object({ sites: z.array(discoveredSiteSchema) });
export type StaffSiteList = z.infer<typeof staffSiteListSchema>;

const siteInput = z
  .string({ error: 'Give the site: its host or one of its page addresses.' })
  .trim()
  .min(1, 'Give the site: its host or one of its page addresses.')
  .max(500);

export const siteContactQuerySchema = z.object({ site: siteInput });

export const siteContactSchema = z.object({
  site: z.string(),
  /** found on its pages, none found, or corrected by staff. */
  status: z.enum(['found', 'none', 'corrected']),
  name: z.string().nullable(),
  channelKind: z.enum(['email', 'form']).nullable(),
  address: z.string().nullable(),
  formFields: z.array(
    z.object({ name: z.string(), label: z.string(), type: z.string(), required: z.boolean() }),
  ),
  foundOn: z.string().nullable(),
  foundVia: z.string().nullable(),
  checkedAt: z.string(),
  correctedBy: z.string().nullable(),
});
export type SiteContact = z.infer<typeof siteContactSchema>;

/** GET /api/staff/sites/contact: the channel known for the site, or none yet. */
export const siteContactResultSchema = z.object({ contact: siteContactSchema.nullable() });
export type SiteContactResult = z.infer<typeof siteContactResultSchema>;

/** POST /api/staff/sites/contact: the site's own channel, an address or a form; it wins from now on. */
export const correctSiteContactSchema = z
  .object({
    site: siteInput,
    email: z.email('Enter an e-mail address.').max(320).optional(),
    form: z
      .url({ protocol: /^https?$/, message: 'Enter the form’s http(s) address.' })
      .max(2000)
      .optional(),
  })
  .refine((input) => !input.email !== !input.form, {
    message: 'Give either an e-mail address or a form address.',
    path: ['email'],
  });
export type CorrectSiteContact = z.infer<typeof correctSiteContactSchema>;

/** POST /api/staff/sites/accept|dismiss. */
export const reviewSiteSchema = z.object({
  site: siteInput,
  name: z.string().trim().min(1).max(200).optional(),
  kind: z.string().trim().min(1).max(50).optional(),
});
export type ReviewSite = z.infer<typeof reviewSiteSchema>;
