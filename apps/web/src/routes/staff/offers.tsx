import { createFileRoute } from '@tanstack/react-router';
import { offersQueryOptions } from '#app/features/staff-operations/api/get-offers.ts';
import { OffersPage } from '#app/features/staff-operations/components/offers-page.tsx';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// The admins' custom offers in the staff console (shark offers).
export const Route = createFileRoute('/staff/offers')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(offersQueryOptions());
  },
  component: Offers,
});

function Offers() {
  usePageTitle('Custom offers');
  return <OffersPage />;
}
