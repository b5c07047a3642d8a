// /refer: her referral link and code, what they brought (clicks, sign-ups, paying customers), her
// earnings per currency, the commissions ledger, her payouts and the form to ask for one.
import type { AffiliateOverview } from '@shark/contracts/affiliates.ts';
import { Link } from '@tanstack/react-router';
import { MousePointerClick, UserPlus, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListLoadError, ListLoading } from '#app/components/paged-list-states.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#app/components/ui/card.tsx';
import { CopyButton } from '#app/components/ui/copy-button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Input } from '#app/components/ui/input.tsx';
import { useAffiliate } from '#app/features/affiliates/api/get-affiliate.ts';
import {
  cell,
  CommissionsCard,
  PayoutsCard,
} from '#app/features/affiliates/components/affiliate-ledger-cards.tsx';
import {
  formatMinimum,
  formatMoney,
  formatRate,
} from '#app/features/affiliates/lib/affiliate-format.ts';

function Stat({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-3 py-4">
        <span
          aria-hidden="true"
          className="rounded-xl bg-primary/10 p-2 text-primary [&>svg]:size-5"
        >
          {icon}
        </span>
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-semibold tabular-nums">{value}</p>
        </div>
      </CardContent>
    </Card>
  );
}

function LinkCard({ overview }: { overview: AffiliateOverview }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your referral link</CardTitle>
        <CardDescription>
          Everyone who signs up through it, or types your code when signing up, is yours for life:
          you earn {formatRate(overview.terms.commissionRateBps)} of every payment they make.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField label="Referral link">
          {(control) => (
            <div className="flex flex-wrap items-center gap-2">
              <Input
                {...control}
                readOnly
                value={overview.link}
                className="min-w-0 flex-1"
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton text={overview.link} aria-label="Copy referral link">
                Copy link
              </CopyButton>
            </div>
          )}
        </FormField>
        <FormField label="Referral code" hint="For people who type it into the sign-up form.">
          {(control) => (
            <div className="flex flex-wrap items-center gap-2">
              <Input
                {...control}
                readOnly
                value={overview.code}
                className="w-48 font-mono tracking-widest"
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton text={overview.code} aria-label="Copy referral code">
                Copy code
              </CopyButton>
            </div>
          )}
        </FormField>
      </CardContent>
    </Card>
  );
}

function EarningsCard({ overview }: { overview: AffiliateOverview }) {
  const { terms } = overview;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Earnings</CardTitle>
        <CardDescription>
          A commission is pending for {terms.holdDays} days after the payment, then available.
          Payouts start at {formatMinimum(terms.minPayout)} in the currency you ask for.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {overview.earnings.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No earnings yet. They appear here as soon as someone you referred pays.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Earnings by currency</caption>
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className={cell}>
                    Currency
                  </th>
                  <th scope="col" className={cell}>
                    Pending
                  </th>
                  <th scope="col" className={cell}>
                    Available
                  </th>
                  <th scope="col" className={cell}>
                    In a payout
                  </th>
                  <th scope="col" className={cell}>
                    Paid
                  </th>
                </tr>
              </thead>
              <tbody>
                {overview.earnings.map((e) => (
                  <tr key={e.currency} className="border-t">
                    <th scope="row" className={`${cell} font-medium`}>
                      {e.currency.toUpperCase()}
                    </th>
                    <td className={`${cell} tabular-nums`}>{formatMoney(e.pending, e.currency)}</td>
                    <td className={`${cell} font-semibold tabular-nums`}>
                      {formatMoney(e.available, e.currency)}
                    </td>
                    <td className={`${cell} tabular-nums`}>
                      {formatMoney(e.requested, e.currency)}
                    </td>
                    <td className={`${cell} tabular-nums`}>{formatMoney(e.paid, e.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function AffiliateDashboard({
  page,
  onPage,
}: {
  page: number;
  onPage: (page: number) => void;
}) {
  const affiliate = useAffiliate();
  if (affiliate.isPending)
    return <ListLoading label="Loading your affiliate dashboard" itemClassName="h-32" />;
  if (affiliate.isError) {
    return (
      <ListLoadError
        what="Your affiliate dashboard"
        error={affiliate.error}
        onRetry={() => void affiliate.refetch()}
      />
    );
  }
  const overview = affiliate.data;
  return (
    <div className="grid gap-6">
      <LinkCard overview={overview} />
      <section aria-label="Referral figures" className="grid gap-4 sm:grid-cols-3">
        <Stat label="Clicks" value={overview.clicks} icon={<MousePointerClick />} />
        <Stat label="Sign-ups" value={overview.signUps} icon={<UserPlus />} />
        <Stat label="Paying customers" value={overview.payingCustomers} icon={<Wallet />} />
      </section>
      <EarningsCard overview={overview} />
      <CommissionsCard page={page} onPage={onPage} />
      <PayoutsCard overview={overview} />
      <p className="text-sm text-muted-foreground">
        New to the programme? Read the{' '}
        <Link to="/refer/tips" className="font-medium text-primary hover:underline">
          affiliate tips
        </Link>{' '}
        and the{' '}
        <Link to="/refer/refer-aff-tos" className="font-medium text-primary hover:underline">
          affiliate terms
        </Link>
        .
      </p>
    </div>
  );
}
