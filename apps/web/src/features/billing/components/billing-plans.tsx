// The plan chooser with what it needs loaded: the catalog, the billing summary (mode, subscription)
// and, for a subscriber, the tier that applies (a plan an operator granted has no subscription).
import type { FrontendStatus } from '@shark/contracts/user.ts';
import { CircleAlert, RotateCcw } from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useBilling, usePlanCatalog } from '#app/features/billing/api/billing-queries.ts';
import { currentPlanOf } from '#app/features/billing/lib/pricing.ts';
import { useUsage } from '#app/features/usage/usage-query.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { PlanChooser } from './plan-chooser.tsx';

export function BillingPlans({
  status,
  contactUrl,
}: {
  status: FrontendStatus;
  contactUrl: string;
}) {
  const catalog = usePlanCatalog();
  const billing = useBilling();
  const usage = useUsage();
  const failed = [catalog, billing].find((query) => query.isError);
  if (failed) {
    return (
      <div className="grid gap-3">
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>
            The plans could not be loaded.{' '}
            {isApiClientError(failed.error) ? failed.error.message : 'Try again in a moment.'}
          </p>
        </Alert>
        <Button
          variant="outline"
          className="w-fit"
          onClick={() => {
            void catalog.refetch();
            void billing.refetch();
          }}
        >
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  // A subscriber's current plan may come from her tier: wait for it (or its failure) too.
  const tierPending = status === 'subscribed' && usage.isPending;
  if (!catalog.data || !billing.data || tierPending) {
    return (
      <div role="status" aria-label="Loading the plans" className="grid gap-6 md:grid-cols-3">
        <Skeleton className="h-96 rounded-2xl" />
        <Skeleton className="h-96 rounded-2xl" />
        <Skeleton className="h-96 rounded-2xl" />
      </div>
    );
  }
  const subscription = billing.data.subscription;
  return (
    <PlanChooser
      catalog={catalog.data}
      billing={billing.data}
      current={currentPlanOf(status, usage.data?.tier, subscription)}
      previousPlan={status === 'former' ? (subscription?.plan ?? null) : null}
      contactUrl={contactUrl}
    />
  );
}
