import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { lazy } from 'react';
import { ErrorView } from '#app/components/error-view.tsx';
import { routeTree } from '#app/route-tree.gen.ts';

// Loaded when an address matches no page; the error view stays in the first load, since it must show
// even when no more code can be fetched.
const NotFound = lazy(() =>
  import('#app/components/not-found.tsx').then(({ NotFound }) => ({ default: NotFound })),
);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which does its own caching.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: ErrorView,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
