// The admins' custom offers, as `shark offers`: a new one, and every offer with its state, claims,
// public link and the way to withdraw it.
import type { OperatorOffer } from '@shark/contracts/offers.ts';
import { Tag } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { CopyButton } from '#app/components/ui/copy-button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useOffers } from '#app/features/staff-operations/api/get-offers.ts';
import { useRevokeOffer } from '#app/features/staff-operations/api/revoke-offer.ts';
import { CreateOfferForm } from './create-offer-form.tsx';

const money = (offer: OperatorOffer) =>
  `${(offer.price / 100).toFixed(2)} ${offer.currency.toUpperCase()}/${offer.interval === 'monthly' ? 'month' : 'year'}`;

function OfferRow({ offer, onRevoke }: { offer: OperatorOffer; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {offer.plan} · {money(offer)}{' '}
          <Badge variant={offer.state === 'active' ? 'default' : 'secondary'}>{offer.state}</Badge>
        </p>
        <p className="text-sm text-muted-foreground">
          {offer.claimCount}/{offer.maxClaims ?? '∞'} claimed ·{' '}
          {offer.expiresAt ? `ends ${new Date(offer.expiresAt).toLocaleDateString()}` : 'no end'}
          {offer.headline ? ` · “${offer.headline}”` : ''}
          {offer.createdBy ? ` · by ${offer.createdBy}` : ''}
        </p>
        <p className="truncate text-xs text-muted-foreground">{offer.link}</p>
      </div>
      <CopyButton text={offer.link}>Copy link</CopyButton>
      {offer.state === 'active' ? (
        <Button type="button" variant="outline" size="sm" onClick={onRevoke}>
          Revoke
        </Button>
      ) : null}
    </li>
  );
}

export function OffersPage() {
  const offers = useOffers();
  const revoke = useRevokeOffer();
  const [revoking, setRevoking] = useState<OperatorOffer | null>(null);

  return (
    <PageFrame
      title="Custom offers"
      description="A plan at a price of your choosing, with a public link to send to a creator. The same as shark offers on the command line."
    >
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>New offer</CardTitle>
          </CardHeader>
          <CardContent>
            <CreateOfferForm />
          </CardContent>
        </Card>
        {offers.isPending ? (
          <Skeleton className="h-32" aria-busy="true" />
        ) : offers.isError ? (
          <Alert variant="error">{offers.error.message}</Alert>
        ) : offers.data.offers.length === 0 ? (
          <EmptyState icon={Tag} title="No offers yet">
            Offers you create appear here with their link and how often they were claimed.
          </EmptyState>
        ) : (
          <Card className="p-0">
            <ul aria-label="Offers" className="divide-y">
              {offers.data.offers.map((offer) => (
                <OfferRow key={offer.id} offer={offer} onRevoke={() => setRevoking(offer)} />
              ))}
            </ul>
          </Card>
        )}
      </div>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRevoking(null);
            revoke.reset();
          }
        }}
        title="Revoke this offer?"
        description="Its page will say it was withdrawn and nobody can claim it any more. Claims made already stay."
        confirmLabel="Revoke offer"
        pending={revoke.isPending}
        error={revoke.error?.message}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success('Offer revoked.');
              setRevoking(null);
            },
          });
        }}
      />
    </PageFrame>
  );
}
