import { createFileRoute } from '@tanstack/react-router';
import { searchTermsQueryOptions } from '#app/features/search-terms/api/get-search-terms.ts';
import { SearchTermsPage } from '#app/features/search-terms/components/search-terms-page.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/search-terms')({
  beforeLoad: async ({ context, location }) => ({
    termsOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.searchTerms,
    ),
  }),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(searchTermsQueryOptions(context.termsOwner.id));
  },
  component: SearchEnginesPage,
});

function SearchEnginesPage() {
  const user = useUser();
  usePageTitle('Search Engines');
  return <SearchTermsPage userId={user.id} />;
}
