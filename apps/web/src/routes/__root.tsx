import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { lazy, Suspense, type CSSProperties } from 'react';
import { useColorScheme } from '#app/lib/color-scheme.ts';
import { brandQueryOptions } from '#app/lib/queries/get-brand.ts';

export type RouterContext = { queryClient: QueryClient };

// Toasts: 4000 ms, 3 visible, gap 14 are set below (they are also Sonner's defaults). The width has
// no prop, only this CSS variable; the swipe threshold (45 px) is a constant inside Sonner, not settable.
const toasterStyle = { '--width': '356px' } as CSSProperties;

// Sonner loads after the first render; toasts created before its Toaster mounts are shown then.
const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    // The brand only decorates the page: if it cannot be loaded, the defaults are used.
    await context.queryClient.ensureQueryData(brandQueryOptions).catch(() => undefined);
  },
  component: RootLayout,
});

function RootLayout() {
  const { scheme } = useColorScheme();
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <Toaster
          position="bottom-right"
          duration={4000}
          visibleToasts={3}
          gap={14}
          style={toasterStyle}
          theme={scheme}
          closeButton
          richColors
        />
      </Suspense>
    </>
  );
}
