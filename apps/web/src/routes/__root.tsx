import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { Tooltip } from 'radix-ui';
import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { BrandTheme } from '#app/components/brand-theme.tsx';
import { brandQueryOptions } from '#app/lib/queries/get-brand.ts';

export type RouterContext = { queryClient: QueryClient };

// Sonner's defaults already match spec §9; width has no option, only its CSS variable.
const toasterStyle = { '--width': '356px' } as CSSProperties;

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    // The brand only decorates the page: if it cannot be loaded, the defaults are used.
    await context.queryClient.ensureQueryData(brandQueryOptions).catch(() => undefined);
  },
  component: RootLayout,
});

function RootLayout() {
  return (
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <BrandTheme />
      <Outlet />
      <Toaster
        position="bottom-right"
        duration={4000}
        visibleToasts={3}
        gap={14}
        style={toasterStyle}
        closeButton
        richColors
      />
    </Tooltip.Provider>
  );
}
