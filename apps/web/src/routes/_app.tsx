import { createFileRoute, Outlet } from '@tanstack/react-router';
import { toast } from 'sonner';
import { NoIndex } from '#app/components/no-index.tsx';
import { AppHeader } from '#app/components/layout/app-header.tsx';
import { useSignOut } from '#app/features/auth/api/sign-out.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { requireAccess } from '#app/lib/require-access.ts';
import { useSignedOutRedirect } from '#app/lib/use-signed-out-redirect.ts';

// Pathless layout of every protected page: the guard runs here, once, before any child loads.
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

  return (
    <div className="min-h-svh bg-muted/40">
      <NoIndex />
      <AppHeader
        user={user}
        isSigningOut={signOut.isPending}
        onSignOut={() =>
          signOut.mutate(undefined, {
            onError: (error) =>
              toast.error(isApiClientError(error) ? error.message : 'You could not be signed out.'),
          })
        }
      />
      <main>
        <Outlet />
      </main>
    </div>
  );
}
