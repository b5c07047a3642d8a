import { createFileRoute, Link } from '@tanstack/react-router';
import { HandCoins } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/refer/')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: AffiliateDashboardPage,
});

function AffiliateDashboardPage() {
  usePageTitle('Affiliate Dashboard');
  return (
    <PageFrame title="Affiliate Dashboard">
      <EmptyState
        icon={HandCoins}
        title="Your referrals will appear here"
        action={
          <Button asChild variant="outline">
            <Link to="/refer/tips">Read affiliate tips</Link>
          </Button>
        }
      >
        Your referral link, the creators who signed up through it and the lifelong share you earn
        from each of their payments will be shown here.
      </EmptyState>
    </PageFrame>
  );
}
