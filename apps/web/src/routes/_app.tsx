import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { AppShell } from '#app/components/layout/app-shell.tsx';
import { NoIndex } from '#app/components/no-index.tsx';
import { useSignOut } from '#app/features/auth/api/sign-out.ts';
import { AppSidebar } from '#app/features/navigation/components/app-sidebar.tsx';
import { identify } from '#app/lib/analytics.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { BRAND } from '#app/lib/brand.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { requireAccess } from '#app/lib/require-access.ts';
import { useSignedOutRedirect } from '#app/lib/use-signed-out-redirect.ts';

// Pathless layout of every protected page: the guard runs here, once, before any child loads;
// each page adds its own requirement in its beforeLoad.
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => ({
    user: await requireAccess({ queryClient: context.queryClient, location }),
  }),
  component: AppLayout,
});

function AppLayout() {
  const user = useUser();
  const signOut = useSignOut();
  useSignedOutRedirect();

  useEffect(() => {
    identify(user);
  }, [user]);

  return (
    <AppShell
      sidebar={
        <AppSidebar
          user={user}
          variant={BRAND.sidebarVariant}
          isSigningOut={signOut.isPending}
          onSignOut={() =>
            signOut.mutate(undefined, {
              onError: (error) =>
                toast.error(
                  isApiClientError(error) ? error.message : 'You could not be signed out.',
                ),
            })
          }
        />
      }
    >
      <NoIndex />
      <Outlet />
    </AppShell>
  );
}
