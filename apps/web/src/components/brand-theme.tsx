import { useEffect } from 'react';
import { useBrand } from '#app/lib/queries/get-brand.ts';

/** Copies the brand's theme colours into the CSS variables the design tokens read. */
export function BrandTheme() {
  const { theme } = useBrand();
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--brand-light', theme.light);
    root.setProperty('--brand-dark', theme.dark);
  }, [theme.light, theme.dark]);
  return null;
}
