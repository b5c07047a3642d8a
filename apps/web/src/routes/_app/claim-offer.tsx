import { claimOfferSearchSchema } from '@shark/contracts/auth-mini.ts';
import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import {
  ClaimOfferView,
  NoOfferInLink,
} from '#app/features/offers/components/claim-offer-view.tsx';
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
      {customOfferId === undefined || customOfferId.trim() === '' ? (
        <NoOfferInLink brandName={brand.name} />
      ) : (
        <ClaimOfferView customOfferId={customOfferId} />
      )}
    </PageFrame>
  );
}
