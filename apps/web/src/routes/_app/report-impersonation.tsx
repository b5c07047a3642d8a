import { createFileRoute, Link } from '@tanstack/react-router';
import { UserX } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/report-impersonation')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.reportImpersonation,
    );
  },
  component: ReportImpersonationPage,
});

function ReportImpersonationPage() {
  usePageTitle('Report Impersonation');
  return (
    <PageFrame title="Report Impersonation">
      <EmptyState
        icon={UserX}
        title="Your impersonation reports will appear here"
        action={
          <Button asChild variant="outline">
            <Link to="/good-to-know" hash="impersonation">
              How impersonation is handled
            </Link>
          </Button>
        }
      >
        Here you will report fake accounts that pretend to be you and follow each report until the
        platform removes the account.
      </EmptyState>
    </PageFrame>
  );
}
