import { createFileRoute, Link } from '@tanstack/react-router';
import { ScrollText } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/refer/refer-aff-tos')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: AffiliateTermsPage,
});

function AffiliateTermsPage() {
  const brand = useBrand();
  usePageTitle('Affiliate Terms');
  return (
    <PageFrame title="Affiliate Terms">
      <EmptyState
        icon={ScrollText}
        title="The affiliate terms will be set out here"
        action={
          <Button asChild variant="outline">
            <Link to="/refer">Go to Affiliate Dashboard</Link>
          </Button>
        }
      >
        The terms of the affiliate programme will be set out here: how commissions are earned and
        paid, and how you may promote {brand.name}.
      </EmptyState>
    </PageFrame>
  );
}
