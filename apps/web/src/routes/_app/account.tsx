import { createFileRoute, Link } from '@tanstack/react-router';
import { UserRound } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/account')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: AccountPage,
});

function AccountPage() {
  usePageTitle('Account');
  return (
    <PageFrame title="Account">
      <EmptyState
        icon={UserRound}
        title="Your account settings will be here"
        action={
          <Button asChild variant="outline">
            <Link to="/plans">See plans</Link>
          </Button>
        }
      >
        Your profile, e-mail address, password and subscription (plan, renewal, cancellation and
        reactivation) will be managed here.
      </EmptyState>
    </PageFrame>
  );
}
