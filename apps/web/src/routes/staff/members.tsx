import { createFileRoute, notFound } from '@tanstack/react-router';
import { staffMembersQueryOptions } from '#app/features/staff/api/get-staff-members.ts';
import { StaffMembersPage } from '#app/features/staff/components/staff-members-page.tsx';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// Admins only: an agent is told the page does not exist, as the API answers her.
export const Route = createFileRoute('/staff/members')({
  beforeLoad: ({ context }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router expects its not-found to be thrown
    if (context.staff.role !== 'admin') throw notFound();
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(staffMembersQueryOptions),
  component: StaffMembers,
});

function StaffMembers() {
  const { staff } = Route.useRouteContext();
  usePageTitle('Staff');
  return <StaffMembersPage currentUserId={staff.userId} />;
}
