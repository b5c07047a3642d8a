import { createFileRoute } from '@tanstack/react-router';
import { authorizationQueryOptions } from '#app/features/agent-authorization/api/get-authorization.ts';
import { AgentAuthorizationCallout } from '#app/features/agent-authorization/components/agent-authorization-callout.tsx';
import { dashboardSummaryQueryOptions } from '#app/features/dashboard/api/get-dashboard-summary.ts';
import { DashboardPage } from '#app/features/dashboard/components/dashboard-page.tsx';
import { dashboardSearchSchema } from '#app/features/dashboard/lib/dashboard-search.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/dashboard')({
  validateSearch: dashboardSearchSchema,
  beforeLoad: async ({ context, location }) => ({
    dashboardOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.signedIn,
    ),
  }),
  // Started early but not awaited: the figures show their own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(
      dashboardSummaryQueryOptions(context.dashboardOwner.id, '30d'),
    );
    void context.queryClient.prefetchQuery(authorizationQueryOptions(context.dashboardOwner.id));
  },
  component: Dashboard,
});

function Dashboard() {
  const user = useUser();
  const { findings } = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle('Dashboard');
  return (
    <DashboardPage
      user={user}
      findingsKind={findings ?? null}
      onFindingsKindChange={(kind) =>
        void navigate({ search: { findings: kind ?? undefined }, replace: true })
      }
      callout={<AgentAuthorizationCallout user={user} className="mb-6" />}
    />
  );
}
