import { pageNumberSearchSchema } from '@shark/contracts/community-values.ts';
import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { communityQueryOptions } from '#app/features/community/api/get-community.ts';
import { CommunityPage } from '#app/features/community/components/community-page.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

/** A page number the list cannot use is dropped: an old or hand-edited link still opens the page. */
const communitySearchSchema = z.object({
  page: z.catch(z.optional(pageNumberSearchSchema), undefined),
});

export const Route = createFileRoute('/_app/community')({
  validateSearch: communitySearchSchema,
  beforeLoad: async ({ context, location }) => ({
    communityReader: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.signedIn,
    ),
  }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(
      communityQueryOptions(context.communityReader.id, deps.page),
    );
  },
  component: Community,
});

function Community() {
  const { page } = Route.useSearch();
  const user = useUser();
  const brand = useBrand();
  usePageTitle('Community');
  return <CommunityPage userId={user.id} page={page ?? 1} brandName={brand.name} />;
}
