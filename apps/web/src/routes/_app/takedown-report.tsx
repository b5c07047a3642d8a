import { createFileRoute } from '@tanstack/react-router';
import { authorizationQueryOptions } from '#app/features/agent-authorization/api/get-authorization.ts';
import { AgentAuthorizationCallout } from '#app/features/agent-authorization/components/agent-authorization-callout.tsx';
import { takedownsQueryOptions } from '#app/features/takedown-report/api/get-takedowns.ts';
import { TakedownReportPage } from '#app/features/takedown-report/components/takedown-report-page.tsx';
import {
  queryOf,
  takedownReportSearchSchema,
} from '#app/features/takedown-report/lib/report-search.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/takedown-report')({
  validateSearch: takedownReportSearchSchema,
  beforeLoad: async ({ context, location }) => ({
    reportOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.takedownReport,
    ),
  }),
  // The open side panel does not change the page of rows.
  loaderDeps: ({ search }) => queryOf(search),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(takedownsQueryOptions(context.reportOwner.id, deps));
    void context.queryClient.prefetchQuery(authorizationQueryOptions(context.reportOwner.id));
  },
  component: TakedownReport,
});

function TakedownReport() {
  const search = Route.useSearch();
  const user = useUser();
  usePageTitle('Takedown Report');
  return (
    <TakedownReportPage
      userId={user.id}
      search={search}
      callout={<AgentAuthorizationCallout user={user} />}
    />
  );
}
