import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { toast } from 'sonner';
import { BrandMark } from '#app/components/brand-mark.tsx';
import { AppShell } from '#app/components/layout/app-shell.tsx';
import { NoIndex } from '#app/components/no-index.tsx';
import { useSignOut } from '#app/features/auth/api/sign-out.ts';
import { StaffSidebar } from '#app/features/staff/components/staff-sidebar.tsx';
import { requireStaff } from '#app/features/staff/lib/staff-gate.ts';
import { queueCountsQueryOptions } from '#app/features/staff-queue/api/get-queue-counts.ts';
import { queueNavPartsOf, staffNavCountsOf } from '#app/features/staff-queue/lib/nav-counts.ts';
import { isApiClientError } from '#app/lib/api.ts';

// The staff console's layout, apart from the creator app: its guard answers creators with the
// not-found view and keeps staff on the two-factor set-up until it is done. The component is split
// into its own chunk by the router plugin, so the creator app never loads it.
export const Route = createFileRoute('/staff')({
  beforeLoad: async ({ context, location }) => ({
    staff: await requireStaff({ queryClient: context.queryClient, location }),
  }),
  component: StaffLayout,
});

function StaffLayout() {
  const { staff } = Route.useRouteContext();
  const signOut = useSignOut();
  const counts = useQuery({ ...queueCountsQueryOptions(), enabled: staff.twoFactorEnabled });

  // Until two-factor is on, the set-up page is the only one: no console around it.
  if (!staff.twoFactorEnabled)
    return (
      <div className="grid min-h-svh content-start px-6 py-8 sm:px-10">
        <NoIndex />
        <header>
          <BrandMark size="lg" />
        </header>
        <main id="main-content" className="mx-auto w-full max-w-xl py-10">
          <Outlet />
        </main>
      </div>
    );

  return (
    <AppShell
      sidebar={
        <StaffSidebar
          staff={staff}
          counts={staffNavCountsOf(counts.data)}
          parts={{ queue: queueNavPartsOf(counts.data) }}
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
