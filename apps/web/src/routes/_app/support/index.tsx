import { createFileRoute } from '@tanstack/react-router';
import { supportRequestsQueryOptions } from '#app/features/support/api/get-support-requests.ts';
import { SupportListPage } from '#app/features/support/components/support-list-page.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/support/')({
  beforeLoad: async ({ context, location }) => ({
    supportOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.signedIn,
    ),
  }),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(supportRequestsQueryOptions(context.supportOwner.id));
  },
  component: Support,
});

function Support() {
  const user = useUser();
  usePageTitle('Help');
  return <SupportListPage userId={user.id} />;
}
