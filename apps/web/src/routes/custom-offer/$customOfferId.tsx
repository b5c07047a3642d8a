import { createFileRoute } from '@tanstack/react-router';
import { NoIndex } from '#app/components/no-index.tsx';
import { PublicFrame } from '#app/components/ui/public-frame.tsx';
import { CustomOfferView } from '#app/features/offers/components/custom-offer-view.tsx';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// Public page of an offer link: anyone may look; claiming goes through sign-up or sign-in to /claim-offer.
export const Route = createFileRoute('/custom-offer/$customOfferId')({
  component: CustomOfferPage,
});

function CustomOfferPage() {
  const { customOfferId } = Route.useParams();
  usePageTitle('Custom Offer');
  return (
    <PublicFrame>
      <NoIndex />
      <CustomOfferView customOfferId={customOfferId} />
    </PublicFrame>
  );
}
