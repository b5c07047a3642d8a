import { createFileRoute } from '@tanstack/react-router';
import { pendingReportsQueryOptions } from '#app/features/staff-moderation/api/get-pending-reports.ts';
import { RegistryModerationPage } from '#app/features/staff-moderation/components/registry-moderation-page.tsx';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// The Scam Registry's reports waiting for review in the staff console (shark registry).
export const Route = createFileRoute('/staff/registry')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(pendingReportsQueryOptions());
  },
  component: Registry,
});

function Registry() {
  usePageTitle('Scam Registry reports');
  return <RegistryModerationPage />;
}
