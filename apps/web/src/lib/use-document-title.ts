import { useEffect } from 'react';
import { pageTitle } from '#app/lib/brand.ts';

/** Sets the tab title while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Sets the tab title to `<brand name> | <page>`, e.g. `usePageTitle('Dashboard')` → `Shark | Dashboard`. */
export function usePageTitle(page: string): void {
  useDocumentTitle(pageTitle(page));
}
