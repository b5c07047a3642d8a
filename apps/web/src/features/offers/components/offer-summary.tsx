// What an offer gives and costs, as its public page and the claim page show it.
import type { PublicOffer } from '@shark/contracts/offers.ts';
import { CalendarClock, Check } from 'lucide-react';
import {
  featureLabel,
  formatOfferExpiry,
  formatOfferPrice,
  planName,
} from '../lib/offer-format.ts';

export function OfferSummary({ offer }: { offer: PublicOffer }) {
  return (
    <div className="text-left">
      {offer.headline !== null ? <p className="text-lg font-semibold">{offer.headline}</p> : null}
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted-foreground">Plan</dt>
          <dd className="text-xl font-bold">{planName(offer.plan)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Price</dt>
          <dd className="text-xl font-bold">{formatOfferPrice(offer)}</dd>
        </div>
      </dl>
      {offer.features.length > 0 ? (
        <div className="mt-4">
          <p className="text-sm text-muted-foreground">Included on top of the plan</p>
          <ul aria-label="Extra features" className="mt-2 space-y-1">
            {offer.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-success" />
                {featureLabel(feature)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
        <CalendarClock aria-hidden="true" className="size-4" />
        {offer.expiresAt !== null ? formatOfferExpiry(offer.expiresAt) : 'No expiry date'}
        {offer.isSingleUse ? ' · for one person only' : ''}
      </p>
    </div>
  );
}
