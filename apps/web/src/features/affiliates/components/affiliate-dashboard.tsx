// /refer: her referral link and code, what they brought (clicks, sign-ups, paying customers), her
// earnings per currency, the commissions ledger, her payouts and the form to ask for one.
import type { AffiliateOverview } from '@shark/contracts/affiliates.ts';
import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, MousePointerClick, UserPlus, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListLoadError, ListLoading } from '#app/components/paged-list-states.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
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
import { useCommissions } from '#app/features/affiliates/api/get-commissions.ts';
import { usePayouts } from '#app/features/affiliates/api/get-payouts.ts';
import { PayoutRequestForm } from '#app/features/affiliates/components/payout-request-form.tsx';
import {
  COMMISSION_STATUS_LABELS,
  formatDay,
  formatMinimum,
  formatMoney,
  formatRate,
  PAYOUT_STATUS_LABELS,
} from '#app/features/affiliates/lib/affiliate-format.ts';

const cell = 'px-3 py-2 text-left';

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

function CommissionsCard({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const commissions = useCommissions(page);
  const data = commissions.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Commissions</CardTitle>
        <CardDescription>One for every payment of a customer you referred.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {commissions.isPending ? (
          <ListLoading label="Loading commissions" itemClassName="h-10" />
        ) : commissions.isError ? (
          <ListLoadError
            what="Your commissions"
            error={commissions.error}
            onRetry={() => void commissions.refetch()}
          />
        ) : data && data.total === 0 ? (
          <p className="text-sm text-muted-foreground">
            No commissions yet. Share your link: each payment of a customer you referred adds one
            here.
          </p>
        ) : data ? (
          <>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">Commissions, newest first</caption>
                <thead className="text-muted-foreground">
                  <tr>
                    <th scope="col" className={cell}>
                      Date
                    </th>
                    <th scope="col" className={cell}>
                      Customer
                    </th>
                    <th scope="col" className={cell}>
                      Payment
                    </th>
                    <th scope="col" className={cell}>
                      Commission
                    </th>
                    <th scope="col" className={cell}>
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((c) => (
                    <tr key={c.id} className="border-t">
                      <td className={`${cell} whitespace-nowrap`}>
                        <time dateTime={c.createdAt}>{formatDay(c.createdAt)}</time>
                      </td>
                      <td className={cell}>{c.customer}</td>
                      <td className={`${cell} tabular-nums`}>
                        {formatMoney(c.paymentAmount, c.currency)}
                      </td>
                      <td className={`${cell} tabular-nums`}>
                        {formatMoney(c.amount, c.currency)}{' '}
                        <span className="text-muted-foreground">({formatRate(c.rateBps)})</span>
                      </td>
                      <td className={cell}>
                        <Badge
                          variant={
                            c.status === 'pending'
                              ? 'secondary'
                              : c.status === 'available'
                                ? 'default'
                                : 'outline'
                          }
                        >
                          {COMMISSION_STATUS_LABELS[c.status]}
                        </Badge>
                        {c.status === 'pending' ? (
                          <span className="ml-2 text-xs text-muted-foreground">
                            from <time dateTime={c.availableAt}>{formatDay(c.availableAt)}</time>
                          </span>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {pages > 1 ? (
              <nav aria-label="Commission pages" className="flex items-center gap-3">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => onPage(page - 1)}
                >
                  <ChevronLeft aria-hidden="true" />
                  Newer
                </Button>
                <span className="text-sm text-muted-foreground">
                  Page {page} of {pages}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => onPage(page + 1)}
                >
                  Older
                  <ChevronRight aria-hidden="true" />
                </Button>
              </nav>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PayoutsCard({ overview }: { overview: AffiliateOverview }) {
  const payouts = usePayouts();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payouts</CardTitle>
        <CardDescription>
          Ask for your available balance in one currency; it is sent to the destination you give,
          usually within a few business days.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <PayoutRequestForm overview={overview} />
        {payouts.isPending ? (
          <ListLoading label="Loading payouts" itemClassName="h-10" />
        ) : payouts.isError ? (
          <ListLoadError
            what="Your payouts"
            error={payouts.error}
            onRetry={() => void payouts.refetch()}
          />
        ) : payouts.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have not asked for a payout yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Payouts, newest first</caption>
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className={cell}>
                    Requested
                  </th>
                  <th scope="col" className={cell}>
                    Amount
                  </th>
                  <th scope="col" className={cell}>
                    Destination
                  </th>
                  <th scope="col" className={cell}>
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {payouts.data.items.map((p) => (
                  <tr key={p.id} className="border-t">
                    <td className={`${cell} whitespace-nowrap`}>
                      <time dateTime={p.requestedAt}>{formatDay(p.requestedAt)}</time>
                    </td>
                    <td className={`${cell} tabular-nums`}>{formatMoney(p.amount, p.currency)}</td>
                    <td className={`${cell} break-all`}>{p.destination}</td>
                    <td className={cell}>
                      <Badge
                        variant={
                          p.status === 'rejected'
                            ? 'destructive'
                            : p.status === 'paid'
                              ? 'default'
                              : 'secondary'
                        }
                      >
                        {PAYOUT_STATUS_LABELS[p.status]}
                      </Badge>
                      {p.operatorNote ? (
                        <p className="mt-1 text-xs text-muted-foreground">{p.operatorNote}</p>
                      ) : null}
                    </td>
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
