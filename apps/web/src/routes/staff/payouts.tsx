import { createFileRoute } from '@tanstack/react-router';
import { payoutsQueryOptions } from '#app/features/staff-operations/api/get-payouts.ts';
import { PayoutsPage } from '#app/features/staff-operations/components/payouts-page.tsx';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// The admins' affiliate payouts in the staff console (shark payouts).
export const Route = createFileRoute('/staff/payouts')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(payoutsQueryOptions('requested'));
  },
  component: Payouts,
});

function Payouts() {
  usePageTitle('Affiliate payouts');
  return <PayoutsPage />;
}
