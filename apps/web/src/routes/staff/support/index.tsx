import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { staffSupportRequestsQueryOptions } from '#app/features/staff-support/api/get-staff-support-requests.ts';
import { StaffSupportListPage } from '#app/features/staff-support/components/staff-support-list-page.tsx';
import { staffSupportSearchSchema } from '#app/features/staff-support/lib/staff-support-search.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// The staff gate (sign-in, staff role, two-factor) is the /staff layout's; the API refuses the rest.
export const Route = createFileRoute('/staff/support/')({
  validateSearch: staffSupportSearchSchema,
  loaderDeps: ({ search }) => ({
    status: search.state,
    creator: search.creator,
    page: search.page,
  }),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(staffSupportRequestsQueryOptions(deps));
  },
  component: StaffSupport,
});

function StaffSupport() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  usePageTitle('Support');
  return (
    <StaffSupportListPage search={search} onSearch={(next) => void navigate({ search: next })} />
  );
}
