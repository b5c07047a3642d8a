// The brand this bundle was built for (vite.config.ts injects it from config/brands.json by mode).
import type { PublicBrand } from '#app/lib/brand-config.ts';

declare const __SHARK_BRAND__: PublicBrand | undefined;

/** Used where nothing was injected (unit tests run without the Vite config): the product's own brand. */
const FALLBACK_BRAND: PublicBrand = {
  id: 'shark',
  name: 'Shark',
  logoUrl: '/brand/shark-logo.svg',
  theme: { light: '#2b7fff', dark: '#155dfc' },
  links: { contact: '', terms: '', privacy: '' },
  sidebarVariant: 'grouped',
};

export const BRAND: PublicBrand =
  typeof __SHARK_BRAND__ === 'undefined' ? FALLBACK_BRAND : __SHARK_BRAND__;

/** A tab title in the form every page uses: `Shark | Dashboard`. */
export function pageTitle(page: string): string {
  return `${BRAND.name} | ${page}`;
}
