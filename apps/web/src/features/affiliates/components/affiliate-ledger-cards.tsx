// The ledger on /refer: the commissions her referrals earned, a page at a time, and her payouts with
// the form to ask for one.
import type { AffiliateOverview } from '@shark/contracts/affiliates.ts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
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
import { useCommissions } from '#app/features/affiliates/api/get-commissions.ts';
import { usePayouts } from '#app/features/affiliates/api/get-payouts.ts';
import { PayoutRequestForm } from '#app/features/affiliates/components/payout-request-form.tsx';
import {
  COMMISSION_STATUS_LABELS,
  formatDay,
  formatMoney,
  formatRate,
  PAYOUT_STATUS_LABELS,
} from '#app/features/affiliates/lib/affiliate-format.ts';

export const cell = 'px-3 py-2 text-left';

export function CommissionsCard({
  page,
  onPage,
}: {
  page: number;
  onPage: (page: number) => void;
}) {
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

export function PayoutsCard({ overview }: { overview: AffiliateOverview }) {
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
