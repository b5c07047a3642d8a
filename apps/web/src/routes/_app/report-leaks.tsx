import { createFileRoute, Link } from '@tanstack/react-router';
import { Flag } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/report-leaks')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.reportLeaks);
  },
  component: ReportLeaksPage,
});

function ReportLeaksPage() {
  usePageTitle('Report Leaks');
  return (
    <PageFrame title="Report Leaks">
      <EmptyState
        icon={Flag}
        title="Your leak reports will appear here"
        action={
          <Button asChild variant="outline">
            <Link to="/takedown-report">Open Takedown Report</Link>
          </Button>
        }
      >
        Here you will send us links to leaks you find yourself; each one joins your takedowns and
        shows up in your Takedown Report.
      </EmptyState>
    </PageFrame>
  );
}
