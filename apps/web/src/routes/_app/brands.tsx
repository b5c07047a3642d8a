import { createFileRoute, Link } from '@tanstack/react-router';
import { AtSign } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/brands')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.brands);
  },
  component: AccountsPage,
});

function AccountsPage() {
  usePageTitle('Accounts');
  return (
    <PageFrame title="Accounts">
      <EmptyState
        icon={AtSign}
        title="Your accounts will be listed here"
        action={
          <Button asChild variant="outline">
            <Link to="/search-terms">Go to Search Engines</Link>
          </Button>
        }
      >
        Your accounts on each platform will be listed here: the usernames we search for, including
        old accounts you no longer use.
      </EmptyState>
    </PageFrame>
  );
}
