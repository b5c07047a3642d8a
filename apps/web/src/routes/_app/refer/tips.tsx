import { createFileRoute, Link } from '@tanstack/react-router';
import { Lightbulb } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/refer/tips')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: AffiliateTipsPage,
});

function AffiliateTipsPage() {
  const brand = useBrand();
  usePageTitle('Affiliate Tips');
  return (
    <PageFrame title="Affiliate Tips">
      <EmptyState
        icon={Lightbulb}
        title="Affiliate tips will be collected here"
        action={
          <Button asChild variant="outline">
            <Link to="/refer/refer-aff-tos">Read the affiliate terms</Link>
          </Button>
        }
      >
        Advice on promoting {brand.name} to creators, such as where to share your link and what to
        say, will be collected here.
      </EmptyState>
    </PageFrame>
  );
}
