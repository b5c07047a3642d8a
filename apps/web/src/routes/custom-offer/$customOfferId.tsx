import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { TicketPercent } from 'lucide-react';
import { NoIndex } from '#app/components/no-index.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { PublicFrame } from '#app/components/ui/public-frame.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// Public landing spot of an offer link. The offer itself (plan, price, terms) arrives with its issue;
// until then the page says so and carries the offer through sign-up or sign-in to /claim-offer.
export const Route = createFileRoute('/custom-offer/$customOfferId')({
  component: CustomOfferPage,
});

function CustomOfferPage() {
  const { customOfferId } = Route.useParams();
  const brand = useBrand();
  const router = useRouter();
  usePageTitle('Custom Offer');
  // Built by the router so the id survives its search serialisation whatever it looks like.
  const claimHref = router.buildLocation({ to: '/claim-offer', search: { customOfferId } }).href;

  return (
    <PublicFrame>
      <NoIndex />
      <Card className="p-8 text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-accent text-accent-foreground">
          <TicketPercent aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">An offer made for you</h1>
        <p className="mt-3 text-muted-foreground">
          This link holds an offer from the {brand.name} team. This page will show what the offer
          includes and its price; showing it here arrives with an upcoming update. You can already
          create your account or sign in, and the offer stays with you.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild>
            <Link to="/sign-up" search={{ customOfferId }}>
              Sign up to claim it
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/sign-in" search={{ customRedirect: claimHref }}>
              I already have an account
            </Link>
          </Button>
        </div>
      </Card>
    </PublicFrame>
  );
}
