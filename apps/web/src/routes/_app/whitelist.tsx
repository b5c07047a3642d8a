import { createFileRoute, Link } from '@tanstack/react-router';
import { ListChecks } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/whitelist')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.whitelist);
  },
  component: WhitelistPage,
});

function WhitelistPage() {
  usePageTitle('Whitelist');
  return (
    <PageFrame title="Whitelist">
      <EmptyState
        icon={ListChecks}
        title="Your whitelist will be kept here"
        action={
          <Button asChild variant="outline">
            <Link to="/brands">Go to Accounts</Link>
          </Button>
        }
      >
        Sites and accounts allowed to show your content, such as your own pages, partners and the
        platforms you sell on, will be listed here; we never file against them.
      </EmptyState>
    </PageFrame>
  );
}
