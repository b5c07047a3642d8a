import { createFileRoute } from '@tanstack/react-router';
import { reportedUrlsQueryOptions } from '#app/features/report-leaks/api/get-reported-urls.ts';
import { ReportLeaksPage } from '#app/features/report-leaks/components/report-leaks-page.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/report-leaks')({
  beforeLoad: async ({ context, location }) => ({
    reportsOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.reportLeaks,
    ),
  }),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(
      reportedUrlsQueryOptions(context.reportsOwner.id),
    );
  },
  component: ReportLeaks,
});

function ReportLeaks() {
  const user = useUser();
  usePageTitle('Report Leaks');
  return <ReportLeaksPage userId={user.id} />;
}
