import { createFileRoute } from '@tanstack/react-router';
import { welcomePackageQueryOptions } from '#app/features/marketing/api/get-welcome-package.ts';
import { WelcomePackagePage } from '#app/features/marketing/components/welcome-package-page.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/marketing/welcome-package')({
  beforeLoad: async ({ context, location }) => ({
    packageOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.signedIn,
    ),
  }),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(welcomePackageQueryOptions(context.packageOwner.id));
  },
  component: WelcomePackage,
});

function WelcomePackage() {
  const user = useUser();
  usePageTitle('Welcome Package');
  return <WelcomePackagePage userId={user.id} />;
}
