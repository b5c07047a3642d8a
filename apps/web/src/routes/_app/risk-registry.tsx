import { createFileRoute, Link } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/risk-registry')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: ScamRegistryPage,
});

function ScamRegistryPage() {
  usePageTitle('Scam Registry');
  return (
    <PageFrame title="Scam Registry">
      <EmptyState
        icon={ShieldAlert}
        title="Reported scams will be listed here"
        action={
          <Button asChild variant="outline">
            <Link to="/community">Go to Community</Link>
          </Button>
        }
      >
        Scammers, fake agencies and fraudulent accounts reported by creators will be listed here, so
        you can check someone before you work with them.
      </EmptyState>
    </PageFrame>
  );
}
