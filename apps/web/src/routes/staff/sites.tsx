import { createFileRoute } from '@tanstack/react-router';
import { sitesQueryOptions } from '#app/features/staff-sites/api/get-sites.ts';
import { SitesPage } from '#app/features/staff-sites/components/sites-page.tsx';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// Sites outside the catalog in the staff console (shark sites).
export const Route = createFileRoute('/staff/sites')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sitesQueryOptions('candidate'));
  },
  component: Sites,
});

function Sites() {
  usePageTitle('Sites outside the catalog');
  return <SitesPage />;
}
