import { createFileRoute } from '@tanstack/react-router';
import { whitelistQueryOptions } from '#app/features/whitelist/api/get-whitelist.ts';
import { WhitelistPage } from '#app/features/whitelist/components/whitelist-page.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/whitelist')({
  beforeLoad: async ({ context, location }) => ({
    whitelistOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.whitelist,
    ),
  }),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(whitelistQueryOptions(context.whitelistOwner.id));
  },
  component: Whitelist,
});

function Whitelist() {
  const user = useUser();
  usePageTitle('Whitelist');
  return <WhitelistPage userId={user.id} />;
}
