import { createFileRoute, Link } from '@tanstack/react-router';
import { Gift } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/promo-protect')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.promoProtect);
  },
  component: FreeRemovalsPage,
});

function FreeRemovalsPage() {
  usePageTitle('Free Removals');
  return (
    <PageFrame title="Free Removals">
      <EmptyState
        icon={Gift}
        title="Your free removals will appear here"
        action={
          <Button asChild variant="outline">
            <Link to="/brands">Go to Accounts</Link>
          </Button>
        }
      >
        Here you will send links to leaks of your content and follow each free removal, from your
        report to the confirmed takedown.
      </EmptyState>
    </PageFrame>
  );
}
