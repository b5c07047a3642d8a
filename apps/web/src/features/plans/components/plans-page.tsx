// /plans: the paid plans compared and priced, the current one marked, and a button each to subscribe
// or change plan (billing/components). It also explains why the access guard sent the user here, and
// is where Checkout returns the browser.
import type { FrontendStatus } from '@shark/contracts/user.ts';
import { Link } from '@tanstack/react-router';
import { Info, Lock } from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { BillingPlans } from '#app/features/billing/components/billing-plans.tsx';
import { CheckoutReturn } from '#app/features/billing/components/checkout-return.tsx';
import type { CheckoutReturnState, PlansReason } from '#app/features/plans/plans-search.ts';

const STATUS_TEXT = {
  free: 'You have no subscription yet.',
  subscribed: 'You are subscribed.',
  former: 'Your subscription has ended.',
} as const satisfies Record<FrontendStatus, string>;

export function PlansPage({
  reason,
  checkout,
  status,
  contactUrl,
}: {
  reason: PlansReason | undefined;
  checkout: CheckoutReturnState | undefined;
  status: FrontendStatus;
  contactUrl: string;
}) {
  return (
    <PageFrame
      title="Plans"
      description={`${STATUS_TEXT[status]} Every plan covers one creator, with as many of that creator's accounts as needed.`}
    >
      {checkout === 'success' ? <CheckoutReturn /> : null}
      {checkout === 'cancelled' ? (
        <Alert className="mb-6">
          <Info aria-hidden="true" />
          <p>Checkout was cancelled: nothing was charged. Choose a plan whenever you are ready.</p>
        </Alert>
      ) : null}
      {reason === 'authorization_required' ? (
        <Alert className="mb-6">
          <Lock aria-hidden="true" />
          <div>
            <p className="font-semibold">This page needs a different plan.</p>
            <p className="mt-1 text-muted-foreground">
              The page you tried to open is part of a plan or feature your account does not have.
              The plans below say what each one includes.
            </p>
          </div>
        </Alert>
      ) : null}
      {status === 'former' ? (
        <p className="mb-6 text-sm text-muted-foreground">
          <Link to="/renew" className="font-medium text-primary underline-offset-4 hover:underline">
            Renew your subscription
          </Link>{' '}
          in one step with the plan you had, or choose a plan below, to start the searches for your
          content again.
        </p>
      ) : null}
      <BillingPlans status={status} contactUrl={contactUrl} />
    </PageFrame>
  );
}
