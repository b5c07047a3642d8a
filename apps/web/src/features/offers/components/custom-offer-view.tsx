// The public offer page (/custom-offer/{id}): what the offer is, whether it can still be claimed, and
// the way to claim it — through sign-up or sign-in when signed out, straight to /claim-offer when not.
import { Link, useRouter } from '@tanstack/react-router';
import { TicketPercent } from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { isApiClientError } from '#app/lib/api.ts';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { hasLoggedInCookie } from '#app/lib/session-cookie.ts';
import { useOffer } from '../api/get-offer.ts';
import { isClaimable } from '../lib/offer-format.ts';
import { OfferSummary } from './offer-summary.tsx';

export function CustomOfferView({ customOfferId }: { customOfferId: string }) {
  const brand = useBrand();
  const router = useRouter();
  const offer = useOffer(customOfferId);
  // Built by the router so the id survives its search serialisation whatever it looks like.
  const claimHref = router.buildLocation({ to: '/claim-offer', search: { customOfferId } }).href;
  // Only a hint: when the session has ended, /claim-offer sends her to sign in and back.
  const isSignedIn = hasLoggedInCookie();

  return (
    <Card className="p-8">
      <div className="text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-accent text-accent-foreground">
          <TicketPercent aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">An offer made for you</h1>
        <p className="mt-2 text-muted-foreground">From the {brand.name} team.</p>
      </div>
      {offer.isPending ? (
        <div className="mt-6 flex justify-center" aria-label="Loading the offer">
          <Spinner />
        </div>
      ) : offer.isError ? (
        <Alert variant="error" className="mt-6">
          {isApiClientError(offer.error) && offer.error.status === 404
            ? 'There is no offer at this link. Check that you copied the whole link, or ask us for a new one.'
            : offer.error.message}
        </Alert>
      ) : (
        <>
          <div className="mt-6">
            <OfferSummary offer={offer.data} />
          </div>
          {isClaimable(offer.data) ? (
            <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
              {isSignedIn ? (
                <Button asChild>
                  <Link to="/claim-offer" search={{ customOfferId }}>
                    Claim this offer
                  </Link>
                </Button>
              ) : (
                <>
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
                </>
              )}
            </div>
          ) : (
            <Alert variant="error" className="mt-6">
              {offer.data.stateMessage} Ask the {brand.name} team for a new offer, or see the
              regular plans.
            </Alert>
          )}
        </>
      )}
    </Card>
  );
}
