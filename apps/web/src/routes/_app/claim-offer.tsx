import { claimOfferSearchSchema } from '@shark/contracts/auth.ts';
import { createFileRoute, Link } from '@tanstack/react-router';
import { TicketPercent } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/claim-offer')({
  validateSearch: claimOfferSearchSchema,
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: ClaimOfferPage,
});

function ClaimOfferPage() {
  const { customOfferId } = Route.useSearch();
  const brand = useBrand();
  usePageTitle('Claim Offer');
  return (
    <PageFrame title="Claim Offer">
      <EmptyState
        icon={TicketPercent}
        title={
          customOfferId === undefined ? 'No offer in this link' : 'Your offer will be shown here'
        }
        action={
          <Button asChild variant="outline">
            <Link to="/plans">See plans</Link>
          </Button>
        }
      >
        {customOfferId === undefined ? (
          <p>
            Offers from the {brand.name} team arrive as a link. Open that link to see the offer
            here, or compare the regular plans.
          </p>
        ) : (
          <p>
            You opened offer{' '}
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground">
              {customOfferId}
            </code>
            . Here you will see what it includes and accept it; claiming offers opens with an
            upcoming update.
          </p>
        )}
      </EmptyState>
    </PageFrame>
  );
}
