import { createFileRoute } from '@tanstack/react-router';
import { accountsQueryOptions } from '#app/features/accounts/api/get-accounts.ts';
import { AccountsPage } from '#app/features/accounts/components/accounts-page.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/brands')({
  beforeLoad: async ({ context, location }) => ({
    accountsOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.brands,
    ),
  }),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(accountsQueryOptions(context.accountsOwner.id));
  },
  component: Accounts,
});

function Accounts() {
  const user = useUser();
  usePageTitle('Accounts');
  return <AccountsPage userId={user.id} />;
}
