import { createFileRoute, Link } from '@tanstack/react-router';
import { RotateCcw } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/renew')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: RenewSubscriptionPage,
});

function RenewSubscriptionPage() {
  usePageTitle('Renew Subscription');
  return (
    <PageFrame title="Renew Subscription">
      <EmptyState
        icon={RotateCcw}
        title="Renewal will happen here"
        action={
          <Button asChild variant="outline">
            <Link to="/plans">See plans</Link>
          </Button>
        }
      >
        Here you will renew a lapsed subscription in one step, with the plan you had, and the
        searches for your content will start again.
      </EmptyState>
    </PageFrame>
  );
}
