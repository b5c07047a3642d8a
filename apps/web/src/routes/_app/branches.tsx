import { createFileRoute } from '@tanstack/react-router';
import { collectionsQueryOptions } from '#app/features/content/api/get-collections.ts';
import { itemsQueryOptions } from '#app/features/content/api/get-items.ts';
import { ContentPage } from '#app/features/content/components/content-page.tsx';
import { contentSearchSchema, itemFiltersOf } from '#app/features/content/content-search.ts';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/branches')({
  validateSearch: contentSearchSchema,
  beforeLoad: async ({ context, location }) => ({
    contentOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.branches,
    ),
  }),
  loaderDeps: ({ search }) => search,
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context, deps }) => {
    const userId = context.contentOwner.id;
    void context.queryClient.prefetchQuery(collectionsQueryOptions(userId));
    void context.queryClient.prefetchInfiniteQuery(itemsQueryOptions(userId, itemFiltersOf(deps)));
  },
  component: YourContent,
});

function YourContent() {
  const search = Route.useSearch();
  const user = useUser();
  const brand = useBrand();
  usePageTitle('Your Content');
  const canUpload =
    user.frontendStatus === 'subscribed' &&
    user.effectiveSpecialFeatures.includes('explicitlyShowUploadFiles');
  return (
    <ContentPage
      userId={user.id}
      search={search}
      uploadAccess={{ canUpload, contactUrl: brand.links.contact }}
    />
  );
}
