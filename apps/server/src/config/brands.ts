// The white-label brands this deployment serves, picked per request by the provider header.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Brand } from '@shark/contracts/system.ts';
import { SIDEBAR_VARIANTS } from '@shark/contracts/system.ts';
import { checkNoticeTemplates } from '@shark/engine/notices/templates.ts';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #2b7fff');

/**
 * The brand as the creators' authorised agent (features/enforcement): who signs the DMCA notices and
 * where recipients answer. Its address is the contact in every notice (never the creator's). A brand
 * without one cannot take an authorisation, so it sends no notice.
 */
const agentSchema = z
  .object({
    /** The person who signs notices for the brand. */
    name: z.string().trim().min(1),
    email: z.email({ message: 'must be an e-mail address' }),
    /** One line, or several separated by \n. */
    postalAddress: z.string().trim().min(1),
    phone: z.string().trim().min(1).optional(),
    /** For web forms that ask the submitter's country ("United States"). */
    country: z.string().trim().min(1).optional(),
    /** The brand's wording of notices over the defaults (placeholders: packages/engine/src/notices/templates.ts). */
    templates: z.record(z.string(), z.string()).optional(),
  })
  .superRefine((agent, ctx) => {
    for (const problem of checkNoticeTemplates(agent.templates))
      ctx.addIssue({ code: 'custom', message: problem, path: ['templates'] });
  });

/** A link to one of the brand's community channels, listed on /community (http or https only). */
const communityLinkSchema = z.object({
  label: z.string().trim().min(1).max(80),
  url: z.url({ protocol: /^https?$/, message: 'must be an http or https address' }),
  description: z.string().trim().min(1).max(300).optional(),
});

const brandEntrySchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be lower-case letters, digits and -'),
  name: z.string().min(1),
  logoUrl: z.string().min(1),
  theme: z.object({ light: hexColor, dark: hexColor }),
  links: z.object({
    contact: z.string().min(1),
    terms: z.string().min(1),
    privacy: z.string().min(1),
  }),
  /** RFC 5322 sender, e.g. `Shark <no-reply@shark.example>`. */
  mailFrom: z.string().min(3),
  /** Origin where this brand's app is served; links in mails point here. Defaults to PUBLIC_URL. */
  appUrl: z.url().optional(),
  sidebarVariant: z.enum(SIDEBAR_VARIANTS),
  agent: agentSchema.optional(),
  /** The brand's community channels (forum, chat, newsletter); /community hides the block when none. */
  community: z.array(communityLinkSchema).max(12).optional(),
});

const brandsFileSchema = z.object({ brands: z.array(brandEntrySchema).min(1) });

export type BrandConfig = z.infer<typeof brandEntrySchema>;

export interface BrandRegistry {
  get(id: string): BrandConfig | undefined;
  all(): BrandConfig[];
}

export function loadBrands(file: string): BrandRegistry {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`BRANDS_FILE ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  const parsed = brandsFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`BRANDS_FILE ${file} is invalid:\n  - ${problems.join('\n  - ')}`);
  }
  const byId = new Map(parsed.data.brands.map((b) => [b.id, b]));
  if (byId.size !== parsed.data.brands.length)
    throw new Error(`BRANDS_FILE ${file} repeats a brand id`);
  return { get: (id) => byId.get(id), all: () => [...byId.values()] };
}

/** Where this brand's app is served; links in mails and badges point here. */
export function brandAppUrl(brand: BrandConfig, publicUrl: string): string {
  return (brand.appUrl ?? publicUrl).replace(/\/+$/, '');
}

export function publicBrand(brand: BrandConfig, googleSignIn: boolean): Brand {
  return {
    id: brand.id,
    name: brand.name,
    logoUrl: brand.logoUrl,
    theme: brand.theme,
    links: brand.links,
    sidebarVariant: brand.sidebarVariant,
    googleSignIn,
  };
}
