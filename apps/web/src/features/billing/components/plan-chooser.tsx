// The paid plans side by side, priced from the catalog in the chosen interval and currency, with one
// button each: subscribe (to Checkout), or upgrade / downgrade / switch interval of the running
// subscription in place (after a confirmation, since it is charged at once, prorated). In manual
// billing there are no buttons: the page says online payment is not configured.
import {
  ONLINE_PAYMENT_NOT_CONFIGURED,
  type BillingInterval,
  type BillingSummary,
} from '@shark/contracts/billing.ts';
import { LIMIT_NOUNS, type LimitName, type PlanCatalog } from '@shark/contracts/plans.ts';
import { PLANS, type Plan } from '@shark/contracts/user.ts';
import { Check, Info } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { Label } from '#app/components/ui/label.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useCheckout } from '#app/features/billing/api/billing-mutations.ts';
import {
  annualSavingPercent,
  formatPrice,
  isRunning,
  planAction,
  priceOf,
  type CurrentPlan,
  type PlanAction,
} from '#app/features/billing/lib/pricing.ts';
import { formatBytes } from '#app/features/usage/components/usage-meter.tsx';
import { isApiClientError } from '#app/lib/api.ts';
import { cn } from '#app/lib/utils.ts';

const SHOWN_LIMITS: LimitName[] = [
  'usernames',
  'searchTerms',
  'scansPerMonth',
  'manualRemovalsPerMonth',
  'referenceStorageBytes',
];

const FEATURE_TEXT: Record<string, string> = {
  submitLeak: 'Report leaks you find yourself',
  searchEngineRemovals: 'Search-engine removals',
  impersonation: 'Impersonation reports',
  promoProtect: 'Free removals for promotions',
  explicitlyShowUploadFiles: 'Reference file uploads',
  priorityManualRemovals: 'Priority manual removals',
  deepfakeProtection: 'Deep fake protection',
  fakeAccountTakedowns: 'Fake account takedowns',
  impersonationProtection: 'Impersonation protection',
  darkWebScanning: 'Dark web scanning',
  prioritySupport: 'Priority support',
};

function describeLimit(limit: LimitName, value: number | null): string {
  if (limit === 'referenceStorageBytes') {
    return value === null
      ? 'Unlimited reference storage'
      : `${formatBytes(value)} of reference storage`;
  }
  if (value === null) return `Unlimited ${LIMIT_NOUNS[limit].many}`;
  return `${value} ${value === 1 ? LIMIT_NOUNS[limit].one : LIMIT_NOUNS[limit].many}`;
}

type Pending = { plan: Plan; action: PlanAction };

export function PlanChooser({
  catalog,
  billing,
  current,
  contactUrl,
  previousPlan,
}: {
  catalog: PlanCatalog;
  billing: BillingSummary;
  current: CurrentPlan | null;
  contactUrl: string;
  /** A former subscriber's last plan, marked so she can take it again. */
  previousPlan?: Plan | null;
}) {
  const running = isRunning(billing.subscription) ? billing.subscription : null;
  const [interval, setBillingInterval] = useState<BillingInterval>(current?.interval ?? 'monthly');
  const [chosenCurrency, setCurrency] = useState(() => {
    const last = billing.subscription?.currency;
    return last && catalog.currencies.includes(last) ? last : catalog.currencies[0]!;
  });
  // A running subscription keeps its currency: changes are priced in it.
  const currency =
    running && catalog.currencies.includes(running.currency) ? running.currency : chosenCurrency;
  const checkout = useCheckout();
  const [leaving, setLeaving] = useState(false);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string>();
  const intervalName = useId();
  const currencyId = useId();
  const online = billing.mode === 'online';
  const busy = checkout.isPending || leaving;
  const saving = Math.max(...PLANS.map((plan) => annualSavingPercent(catalog, plan, currency)));

  function start({ plan, action }: Pending) {
    setFailure(undefined);
    checkout.mutate(
      { plan, interval, currency },
      {
        onSuccess: (result) => {
          if (result.url !== null) {
            // Off to Checkout: the buttons stay disabled until the page is gone.
            setLeaving(true);
            window.location.assign(result.url);
            return;
          }
          setConfirming(null);
          toast.success(`You are now on ${catalog.tiers[plan].name}`, {
            description:
              action.kind === 'switch'
                ? `Billed ${interval} from now on; the difference is prorated on your next invoice.`
                : 'The change applies now; the difference is prorated on your next invoice.',
          });
        },
        onError: (error) => {
          const message = isApiClientError(error)
            ? error.message
            : 'The plan could not be changed. Try again.';
          if (confirming) setFailure(message);
          else toast.error('Checkout could not start', { description: message });
        },
      },
    );
  }

  function choose(plan: Plan, action: PlanAction) {
    // Changing a running subscription is charged at once: ask first. A new subscription is confirmed
    // on Checkout's own page.
    if (running && action.kind !== 'subscribe') {
      setFailure(undefined);
      setConfirming({ plan, action });
    } else start({ plan, action });
  }

  return (
    <div className="grid gap-6">
      {online ? null : (
        <Alert>
          <Info aria-hidden="true" />
          <p>
            {ONLINE_PAYMENT_NOT_CONFIGURED}
            {contactUrl !== '' ? (
              <>
                {' '}
                <a
                  href={contactUrl}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Contact support
                </a>
                .
              </>
            ) : null}
          </p>
        </Alert>
      )}

      <div className="flex flex-wrap items-end gap-6">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Billing</legend>
          <div className="inline-flex rounded-lg border p-1">
            {(['monthly', 'annual'] as const).map((value) => (
              <label
                key={value}
                className={cn(
                  'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/30',
                  interval === value ? 'bg-primary text-primary-foreground' : 'text-foreground',
                )}
              >
                <input
                  type="radio"
                  name={intervalName}
                  value={value}
                  checked={interval === value}
                  onChange={() => setBillingInterval(value)}
                  className="sr-only"
                />
                {value === 'monthly' ? 'Monthly' : 'Annual'}
                {value === 'annual' && saving > 0 ? ` (save up to ${saving}%)` : null}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor={currencyId}>Currency</Label>
          <NativeSelect
            id={currencyId}
            className="w-32"
            value={currency}
            disabled={running !== null}
            onChange={(event) => setCurrency(event.target.value)}
          >
            {catalog.currencies.map((code) => (
              <option key={code} value={code}>
                {code.toUpperCase()}
              </option>
            ))}
          </NativeSelect>
        </div>
        {running ? (
          <p className="text-sm text-muted-foreground">
            Your subscription is billed in {running.currency.toUpperCase()}.
          </p>
        ) : null}
      </div>

      <ul className="grid gap-6 md:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan}>
            <PlanCard
              catalog={catalog}
              plan={plan}
              interval={interval}
              currency={currency}
              action={planAction(catalog, plan, interval, current)}
              isCurrent={current?.plan === plan}
              isPrevious={previousPlan === plan}
              online={online}
              busy={busy}
              pending={busy && checkout.variables?.plan === plan}
              onChoose={choose}
            />
          </li>
        ))}
      </ul>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming ? `${confirming.action.label}?` : ''}
        description={
          confirming
            ? `Your subscription changes to ${catalog.tiers[confirming.plan].name}, billed ${interval}, now. The difference for the rest of this period is prorated on your next invoice.`
            : ''
        }
        confirmLabel={confirming?.action.label ?? 'Change plan'}
        pending={checkout.isPending}
        error={failure}
        onConfirm={() => {
          if (confirming) start(confirming);
        }}
      />
    </div>
  );
}

function PlanCard({
  catalog,
  plan,
  interval,
  currency,
  action,
  isCurrent,
  isPrevious,
  online,
  busy,
  pending,
  onChoose,
}: {
  catalog: PlanCatalog;
  plan: Plan;
  interval: BillingInterval;
  currency: string;
  action: PlanAction;
  isCurrent: boolean;
  isPrevious: boolean;
  online: boolean;
  busy: boolean;
  pending: boolean;
  onChoose: (plan: Plan, action: PlanAction) => void;
}) {
  const titleId = useId();
  const tier = catalog.tiers[plan];
  const price = priceOf(catalog, plan, interval, currency);
  const monthly = priceOf(catalog, plan, 'monthly', currency);
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-plan={plan}
      data-current={isCurrent ? 'true' : undefined}
      className={cn(
        'flex h-full flex-col p-6',
        isCurrent && 'border-primary ring-2 ring-primary/30',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          {tier.name}
        </h2>
        {isCurrent ? <Badge>Current plan</Badge> : null}
        {!isCurrent && isPrevious ? <Badge variant="secondary">Your previous plan</Badge> : null}
      </div>
      {tier.audience ? <p className="mt-1 text-sm text-muted-foreground">{tier.audience}</p> : null}
      {price === null ? null : (
        <p className="mt-4">
          <span className="text-3xl font-semibold tracking-tight">
            {formatPrice(price, currency)}
          </span>{' '}
          <span className="text-sm text-muted-foreground">
            {interval === 'monthly' ? 'a month' : 'a year'}
          </span>
          {interval === 'annual' && monthly !== null ? (
            <span className="block text-sm text-muted-foreground">
              {formatPrice(Math.round(price / 12), currency)} a month, instead of{' '}
              {formatPrice(monthly, currency)}
            </span>
          ) : null}
        </p>
      )}
      <ul className="mt-5 flex-1 space-y-2 text-sm">
        {SHOWN_LIMITS.map((limit) => (
          <li key={limit} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {describeLimit(limit, tier.limits[limit])}
          </li>
        ))}
        {[...tier.features, ...tier.perks].map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {FEATURE_TEXT[feature] ?? feature}
          </li>
        ))}
      </ul>
      {online ? (
        <Button
          className="mt-6 w-full"
          variant={
            action.kind === 'current'
              ? 'outline'
              : action.kind === 'downgrade'
                ? 'secondary'
                : 'default'
          }
          disabled={action.kind === 'current' || busy}
          onClick={() => onChoose(plan, action)}
        >
          {pending ? <Spinner /> : null}
          {action.label}
        </Button>
      ) : null}
    </Card>
  );
}
