import { createFileRoute, Link } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/takedown-report')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.takedownReport,
    );
  },
  component: TakedownReportPage,
});

function TakedownReportPage() {
  usePageTitle('Takedown Report');
  return (
    <PageFrame title="Takedown Report">
      <EmptyState
        icon={FileText}
        title="Your takedowns will be listed here"
        action={
          <Button asChild variant="outline">
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
        }
      >
        Every copy found or reported for you will be listed here: where it was, which notices were
        filed, to whom and when, and whether it is gone.
      </EmptyState>
    </PageFrame>
  );
}
