// /renew, for former subscribers: the plan they had, renewed in one step through Checkout (same plan,
// interval and currency), or any other plan below. Others are told where their subscription is.
import type { BillingSubscription } from '@shark/contracts/billing.ts';
import type { PlanCatalog } from '@shark/contracts/plans.ts';
import type { FrontendStatus } from '@shark/contracts/user.ts';
import { Link } from '@tanstack/react-router';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#app/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#app/components/ui/card.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useCheckout } from '#app/features/billing/api/billing-mutations.ts';
import { useBilling, usePlanCatalog } from '#app/features/billing/api/billing-queries.ts';
import { formatDate } from '#app/features/billing/lib/billing-format.ts';
import { formatPrice, priceOf } from '#app/features/billing/lib/pricing.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { BillingPlans } from './billing-plans.tsx';

export function RenewPage({ status, contactUrl }: { status: FrontendStatus; contactUrl: string }) {
  if (status !== 'former') {
    return (
      <PageFrame title="Renew Subscription">
        <EmptyState
          icon={RotateCcw}
          title={status === 'subscribed' ? 'Your subscription is running' : 'Nothing to renew yet'}
          action={
            <Button asChild variant="outline">
              {status === 'subscribed' ? (
                <Link to="/account">Manage your subscription</Link>
              ) : (
                <Link to="/plans">See plans</Link>
              )}
            </Button>
          }
        >
          {status === 'subscribed'
            ? 'There is nothing to renew: your plan renews by itself. Cancel, reactivate or change it on your account.'
            : 'Renewal is for subscriptions that have ended. Choose a plan to start your protection.'}
        </EmptyState>
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title="Renew Subscription"
      description="Your subscription has ended, so the searches for your content have stopped. Renew to start them again."
    >
      <div className="grid gap-8">
        <PreviousPlan />
        <section aria-label="All plans">
          <BillingPlans status={status} contactUrl={contactUrl} />
        </section>
      </div>
    </PageFrame>
  );
}

/** The ended subscription, with a button to take it again; nothing when it was not an online one. */
function PreviousPlan() {
  const billing = useBilling();
  const catalog = usePlanCatalog();
  const previous = billing.data?.subscription;
  if (!previous || !catalog.data || billing.data?.mode !== 'online') return null;
  return <PreviousPlanCard previous={previous} catalog={catalog.data} />;
}

function PreviousPlanCard({
  previous,
  catalog,
}: {
  previous: BillingSubscription;
  catalog: PlanCatalog;
}) {
  const titleId = useId();
  const checkout = useCheckout();
  const [leaving, setLeaving] = useState(false);
  const name = catalog.tiers[previous.plan].name;
  // Renewed at today's catalog price, in the currency she paid in when the catalog still sells it.
  const currency = catalog.currencies.includes(previous.currency)
    ? previous.currency
    : catalog.currencies[0]!;
  const price = priceOf(catalog, previous.plan, previous.interval, currency);

  function renew() {
    checkout.mutate(
      { plan: previous.plan, interval: previous.interval, currency },
      {
        onSuccess: (result) => {
          if (result.url === null) return;
          setLeaving(true);
          window.location.assign(result.url);
        },
        onError: (error) =>
          toast.error('Checkout could not start', {
            description: isApiClientError(error) ? error.message : 'Try again in a moment.',
          }),
      },
    );
  }

  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>Your previous plan: {name}</CardTitle>
          <CardDescription>
            Billed {previous.interval}
            {price === null
              ? ''
              : `, ${formatPrice(price, currency)} a ${previous.interval === 'monthly' ? 'month' : 'year'}`}
            . It ended on {formatDate(previous.currentPeriodEnd)}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={renew} disabled={checkout.isPending || leaving}>
            {checkout.isPending || leaving ? <Spinner /> : null}
            Renew {name}
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
