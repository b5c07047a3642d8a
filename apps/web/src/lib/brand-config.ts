// Build-time side of white-labelling: which brand a Vite mode builds, and the public fields baked into it.
// Runs in Node (vite.config.ts) and in tests, so it imports nothing but zod and types.
import type { Brand } from '@shark/contracts/system.ts';
import { z } from 'zod';

/** The brand's fields that ship in the bundle; the server-only ones (mailFrom, appUrl) are dropped. */
export type PublicBrand = Omit<Brand, 'googleSignIn'>;

export const DEFAULT_BRAND_ID = 'shark';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #2b7fff');

// Mirrors the public part of the server's schema (apps/server/src/config/brands.ts); unknown keys are stripped.
const publicBrandSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/),
  name: z.string().min(1),
  logoUrl: z.string().min(1),
  theme: z.object({ light: hexColor, dark: hexColor }),
  links: z.object({
    contact: z.string().min(1),
    terms: z.string().min(1),
    privacy: z.string().min(1),
  }),
  sidebarVariant: z.enum([
    'classic',
    'grouped',
  ] as const satisfies readonly Brand['sidebarVariant'][]),
}) satisfies z.ZodType<PublicBrand>;

const brandsFileSchema = z.object({ brands: z.array(z.unknown()).min(1) });

/**
 * `vite build --mode <brandId>.<anything>` builds that brand (e.g. `shark.production`,
 * `lumen.development`). A mode without a dot (Vite's own `development`/`production`) names no brand.
 */
export function brandIdFromMode(mode: string): string | undefined {
  const dot = mode.indexOf('.');
  return dot > 0 ? mode.slice(0, dot) : undefined;
}

/**
 * Picks the brand to build. The mode decides; without a brand in the mode, VITE_SHARK_PROVIDER
 * does (the variable that chose the provider before brands had modes), and then the default.
 * Throws with a readable message when the file is malformed or the brand is unknown.
 */
export function selectBrand(
  fileText: string,
  options: { mode: string; provider?: string | undefined; file: string },
): PublicBrand {
  const fromMode = brandIdFromMode(options.mode);
  const provider = options.provider?.trim() || undefined;
  if (fromMode !== undefined && provider !== undefined && provider !== fromMode) {
    throw new Error(
      `Mode "${options.mode}" builds brand "${fromMode}" but VITE_SHARK_PROVIDER is "${provider}": unset it or make them agree.`,
    );
  }
  const id = fromMode ?? provider ?? DEFAULT_BRAND_ID;

  let raw: unknown;
  try {
    raw = JSON.parse(fileText);
  } catch (error) {
    throw new Error(`Brands file ${options.file} is not JSON: ${(error as Error).message}`);
  }
  const file = brandsFileSchema.safeParse(raw);
  if (!file.success) throw new Error(`Brands file ${options.file} has no "brands" list.`);

  const entry = file.data.brands.find(
    (candidate) =>
      typeof candidate === 'object' &&
      candidate !== null &&
      (candidate as { id?: unknown }).id === id,
  );
  if (entry === undefined) {
    const known = file.data.brands
      .map((candidate) => (candidate as { id?: unknown }).id)
      .filter((candidateId) => typeof candidateId === 'string');
    throw new Error(
      `Brand "${id}" is not in ${options.file} (known: ${known.join(', ')}). Build with --mode <brandId>.production.`,
    );
  }
  const parsed = publicBrandSchema.safeParse(entry);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Brand "${id}" in ${options.file} is invalid:\n  - ${problems.join('\n  - ')}`);
  }
  return parsed.data;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** Tags for index.html so the first paint already carries the brand's icon and colours. */
export function brandHeadTags(brand: PublicBrand): string {
  const escape = escapeHtml;
  return [
    `<link rel="icon" href="${escape(brand.logoUrl)}" />`,
    `<meta name="theme-color" content="${brand.theme.dark}" />`,
    // html:root outranks the defaults in styles.css, wherever the stylesheet lands in <head>.
    `<style id="brand-tokens">html:root{--brand-light:${brand.theme.light};--brand-dark:${brand.theme.dark}}</style>`,
  ].join('\n    ');
}
