import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '#app/features/dashboard/components/dashboard-page.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/dashboard')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: Dashboard,
});

function Dashboard() {
  const user = useUser();
  usePageTitle('Dashboard');
  return <DashboardPage user={user} />;
}
