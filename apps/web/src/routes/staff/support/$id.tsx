import { createFileRoute } from '@tanstack/react-router';
import { staffSupportRequestQueryOptions } from '#app/features/staff-support/api/get-staff-support-request.ts';
import { StaffSupportRequestPage } from '#app/features/staff-support/components/staff-support-request-page.tsx';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// The staff gate (sign-in, staff role, two-factor) is the /staff layout's; the API refuses the rest.
export const Route = createFileRoute('/staff/support/$id')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(staffSupportRequestQueryOptions(params.id)),
  component: StaffSupportRequest,
});

function StaffSupportRequest() {
  const { id } = Route.useParams();
  usePageTitle('Support request');
  return <StaffSupportRequestPage requestId={id} />;
}
