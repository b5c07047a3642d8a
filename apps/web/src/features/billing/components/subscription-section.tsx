// "Subscription" on /account: the plan, its status and the date that matters (renewal or end), cancel
// (at the period's end, after a confirmation) and reactivate, the Customer Portal for payment methods
// and invoices, and the recent payments. In manual billing, who to contact instead.
import { ListLoadError } from '#app/components/paged-list-states.tsx';
import type {
  BillingPayment,
  BillingSubscription,
  BillingSummary,
} from '@shark/contracts/billing.ts';
import { Link } from '@tanstack/react-router';
import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#app/components/ui/card.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import {
  useCancelSubscription,
  usePortal,
  useReactivateSubscription,
} from '#app/features/billing/api/billing-mutations.ts';
import { useBilling, usePlanCatalog } from '#app/features/billing/api/billing-queries.ts';
import { describeSubscription, formatDate } from '#app/features/billing/lib/billing-format.ts';
import { formatPrice, isRunning } from '#app/features/billing/lib/pricing.ts';
import { useUsage } from '#app/features/usage/usage-query.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { useUser } from '#app/lib/queries/get-user.ts';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

export function SubscriptionSection() {
  const titleId = useId();
  const user = useUser();
  const billing = useBilling();
  // Affiliates buy nothing: no subscription to manage.
  if (user.isAffiliateOnly) return null;
  return (
    <section id="subscription" aria-labelledby={titleId} className="scroll-mt-6">
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>Subscription</CardTitle>
          <CardDescription>Your plan, its renewal, and your payments.</CardDescription>
        </CardHeader>
        <CardContent>
          {billing.data ? (
            <SubscriptionBody billing={billing.data} />
          ) : billing.isError ? (
            <ListLoadError
              what="Your subscription"
              error={billing.error}
              onRetry={() => void billing.refetch()}
            />
          ) : (
            <div role="status" aria-label="Loading your subscription" className="grid gap-3">
              <Skeleton className="h-24 rounded-lg" />
              <Skeleton className="h-10 w-48" />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function SubscriptionBody({ billing }: { billing: BillingSummary }) {
  const user = useUser();
  const usage = useUsage();
  const running = isRunning(billing.subscription) ? billing.subscription : null;
  const status = user.frontendStatus;
  return (
    <div className="grid gap-6">
      {running ? (
        <RunningSubscription subscription={running} />
      ) : status === 'subscribed' ? (
        <p className="text-sm">
          You are on the <strong>{usage.data?.tierName ?? 'paid'}</strong> plan, set up by our team.
          Contact support to change or cancel it.
        </p>
      ) : status === 'former' ? (
        <p className="text-sm">
          Your subscription has ended
          {billing.subscription
            ? ` (${formatDate(billing.subscription.currentPeriodEnd)})`
            : ''}.{' '}
          <Link to="/renew" className={linkClass}>
            Renew your subscription
          </Link>{' '}
          to start the searches for your content again.
        </p>
      ) : (
        <p className="text-sm">
          You have no subscription yet.{' '}
          <Link to="/plans" className={linkClass}>
            Choose a plan
          </Link>{' '}
          to start your protection.
        </p>
      )}

      {billing.mode === 'manual' ? (
        <p className="text-sm text-muted-foreground">
          Online payment is not configured: our team sets up, changes and cancels plans. Contact
          support for any change to your subscription.
        </p>
      ) : billing.subscription || billing.payments.some((p) => p.source === 'stripe') ? (
        <PortalButton />
      ) : null}

      <Payments payments={billing.payments} />
    </div>
  );
}

function RunningSubscription({ subscription }: { subscription: BillingSubscription }) {
  const catalog = usePlanCatalog();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string>();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const { status, detail } = describeSubscription(subscription);
  const name = catalog.data?.tiers[subscription.plan].name ?? subscription.plan;
  const price =
    catalog.data?.tiers[subscription.plan].prices[subscription.currency]?.[subscription.interval];
  const end = formatDate(subscription.currentPeriodEnd);

  function confirmCancel() {
    setFailure(undefined);
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Subscription cancelled', {
          description: `Your plan stays active until ${end}. You can reactivate it until then.`,
        });
      },
      onError: (error) =>
        setFailure(
          isApiClientError(error)
            ? error.message
            : 'The subscription could not be cancelled. Try again.',
        ),
    });
  }

  function doReactivate() {
    reactivate.mutate(undefined, {
      onSuccess: () =>
        toast.success('Subscription reactivated', { description: `It renews on ${end}.` }),
      onError: (error) =>
        toast.error('The subscription could not be reactivated', {
          description: isApiClientError(error) ? error.message : 'Try again in a moment.',
        }),
    });
  }

  return (
    <div className="grid gap-4">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Plan</dt>
        <dd className="font-medium" data-testid="subscription-plan">
          {name}, billed {subscription.interval}
          {price === undefined ? '' : ` (${formatPrice(price, subscription.currency)})`}
        </dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <Badge variant={status === 'Active' ? 'default' : 'warning'}>{status}</Badge>
        </dd>
        <dt className="text-muted-foreground">
          {subscription.cancelAtPeriodEnd ? 'Active until' : 'Current period ends'}
        </dt>
        <dd>{end}</dd>
      </dl>
      <p className="text-sm">{detail}</p>
      <div className="flex flex-wrap gap-3">
        {subscription.cancelAtPeriodEnd ? (
          <Button onClick={doReactivate} disabled={reactivate.isPending}>
            {reactivate.isPending ? <Spinner /> : null}
            Reactivate subscription
          </Button>
        ) : (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/plans">Change plan</Link>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) setFailure(undefined);
          setConfirming(open);
        }}
        title="Cancel your subscription?"
        description={`Your ${name} plan stays active until ${end}. Then the searches for your content stop and nothing new is taken down. You can reactivate until that day.`}
        confirmLabel="Cancel subscription"
        pending={cancel.isPending}
        error={failure}
        onConfirm={confirmCancel}
      />
    </div>
  );
}

function PortalButton() {
  const portal = usePortal();
  const [leaving, setLeaving] = useState(false);
  return (
    <div>
      <Button
        variant="outline"
        disabled={portal.isPending || leaving}
        onClick={() =>
          portal.mutate(undefined, {
            onSuccess: ({ url }) => {
              setLeaving(true);
              window.location.assign(url);
            },
            onError: (error) =>
              toast.error('The billing portal could not be opened', {
                description: isApiClientError(error) ? error.message : 'Try again in a moment.',
              }),
          })
        }
      >
        {portal.isPending || leaving ? <Spinner /> : <ExternalLink aria-hidden="true" />}
        Manage payment methods and invoices
      </Button>
    </div>
  );
}

function Payments({ payments }: { payments: BillingPayment[] }) {
  const titleId = useId();
  if (payments.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h3 id={titleId} className="text-sm font-semibold">
        Recent payments
      </h3>
      <ul aria-labelledby={titleId} className="divide-y rounded-lg border text-sm">
        {payments.map((payment) => (
          <li
            key={payment.id}
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-2"
          >
            <span>{formatDate(payment.paidAt)}</span>
            <span className="font-medium">{formatPrice(payment.amount, payment.currency)}</span>
            {payment.invoiceUrl ? (
              <a
                href={payment.invoiceUrl}
                target="_blank"
                rel="noreferrer"
                className={linkClass}
                aria-label={`Invoice of ${formatDate(payment.paidAt)}`}
              >
                Invoice
              </a>
            ) : (
              <span className="text-muted-foreground">
                {payment.source === 'manual' ? 'Paid to our team' : 'No invoice'}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
