// /claim-offer: the offer she came for, the button that claims it, and what happens next — her plan at
// once for a free offer; for a paid one the checkout when online payment is set up, else our e-mail.
import { Link } from '@tanstack/react-router';
import { CheckCircle2, CreditCard, TicketPercent } from 'lucide-react';
import type { ClaimOfferResult } from '@shark/contracts/offers.ts';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { isApiClientError } from '#app/lib/api.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { useClaimOffer } from '../api/claim-offer.ts';
import { useOffer } from '../api/get-offer.ts';
import { isClaimable } from '../lib/offer-format.ts';
import { OfferSummary } from './offer-summary.tsx';

export function NoOfferInLink({ brandName }: { brandName: string }) {
  return (
    <EmptyState
      icon={TicketPercent}
      title="No offer in this link"
      action={
        <Button asChild variant="outline">
          <Link to="/plans">See plans</Link>
        </Button>
      }
    >
      <p>
        Offers from the {brandName} team arrive as a link. Open that link to see the offer and claim
        it here, or compare the regular plans.
      </p>
    </EmptyState>
  );
}

function ClaimOutcome({ result }: { result: ClaimOfferResult }) {
  const user = useUser();
  if (result.next === 'granted') {
    return (
      <Alert variant="success" className="mt-6 flex-col">
        <p className="flex items-center gap-2 font-semibold">
          <CheckCircle2 aria-hidden="true" />
          {result.isNewClaim ? 'Offer claimed' : 'You already claimed this offer'}
        </p>
        <p>{result.message}</p>
        <Button asChild className="mt-2 self-start">
          {user.needsOnboarding ? (
            <Link to="/onboarding">Set up your protection</Link>
          ) : (
            <Link to="/dashboard">Go to your dashboard</Link>
          )}
        </Button>
      </Alert>
    );
  }
  return (
    <Alert variant="info" className="mt-6 flex-col">
      <p className="flex items-center gap-2 font-semibold">
        <CreditCard aria-hidden="true" />
        {result.isNewClaim
          ? 'Offer reserved: payment comes next'
          : 'This offer is reserved for you: payment comes next'}
      </p>
      <p>{result.message}</p>
      {result.checkoutUrl !== null ? (
        <Button asChild className="mt-2 self-start">
          <a href={result.checkoutUrl}>Continue to payment</a>
        </Button>
      ) : null}
    </Alert>
  );
}

export function ClaimOfferView({ customOfferId }: { customOfferId: string }) {
  const offer = useOffer(customOfferId);
  const claim = useClaimOffer(customOfferId);

  if (offer.isPending) {
    return (
      <div className="flex justify-center p-8" aria-label="Loading the offer">
        <Spinner />
      </div>
    );
  }
  if (offer.isError) {
    return (
      <Alert variant="error">
        {isApiClientError(offer.error) && offer.error.status === 404
          ? 'There is no offer at this link. Check that you copied the whole link, or ask us for a new one.'
          : offer.error.message}
      </Alert>
    );
  }
  // After her claim the offer may read as used up; her outcome is what matters then.
  const result = claim.data;
  return (
    <Card className="max-w-xl p-6">
      <OfferSummary offer={offer.data} />
      {result !== undefined ? (
        <ClaimOutcome result={result} />
      ) : claim.isError ? (
        <Alert variant="error" className="mt-6">
          {claim.error.message}
        </Alert>
      ) : isClaimable(offer.data) ? (
        <Button className="mt-6" disabled={claim.isPending} onClick={() => claim.mutate()}>
          {claim.isPending ? 'Claiming…' : 'Claim this offer'}
        </Button>
      ) : (
        <>
          <Alert variant="error" className="mt-6">
            {offer.data.stateMessage}
          </Alert>
          {offer.data.state === 'used_up' ? (
            // The one who claimed it gets her claim (and its next step) back; anyone else the refusal.
            <Button
              variant="outline"
              className="mt-4"
              disabled={claim.isPending}
              onClick={() => claim.mutate()}
            >
              I claimed it: show my claim
            </Button>
          ) : null}
        </>
      )}
    </Card>
  );
}
