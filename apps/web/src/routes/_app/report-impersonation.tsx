import { createFileRoute } from '@tanstack/react-router';
import { impersonationPlatformsQueryOptions } from '#app/features/report-impersonation/api/get-impersonation-platforms.ts';
import { impersonationReportsQueryOptions } from '#app/features/report-impersonation/api/get-impersonation-reports.ts';
import { ReportImpersonationPage } from '#app/features/report-impersonation/components/report-impersonation-page.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/report-impersonation')({
  beforeLoad: async ({ context, location }) => ({
    reportsOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.reportImpersonation,
    ),
  }),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(
      impersonationPlatformsQueryOptions(context.reportsOwner.id),
    );
    void context.queryClient.prefetchInfiniteQuery(
      impersonationReportsQueryOptions(context.reportsOwner.id),
    );
  },
  component: ReportImpersonation,
});

function ReportImpersonation() {
  const user = useUser();
  usePageTitle('Report Impersonation');
  return <ReportImpersonationPage userId={user.id} />;
}
