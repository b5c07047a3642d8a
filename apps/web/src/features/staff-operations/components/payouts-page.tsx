// The admins' affiliate payouts, as `shark payouts`: the requests waiting for money by default, each
// marked paid with the transfer's reference or rejected with a reason (both shown to the affiliate).
import type { OperatorPayout } from '@shark/contracts/affiliates.ts';
import { PAYOUT_STATUSES } from '@shark/contracts/affiliates.ts';
import { HandCoins } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { NoteDialog } from '#app/components/ui/note-dialog.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { usePayouts, type PayoutFilter } from '#app/features/staff-operations/api/get-payouts.ts';
import { useSettlePayout } from '#app/features/staff-operations/api/settle-payout.ts';

const money = (p: OperatorPayout) => `${(p.amount / 100).toFixed(2)} ${p.currency.toUpperCase()}`;

type Deciding = { payout: OperatorPayout; decision: 'paid' | 'reject' };

export function PayoutsPage() {
  const [filter, setFilter] = useState<PayoutFilter>('requested');
  const payouts = usePayouts(filter);
  const settle = useSettlePayout();
  const [deciding, setDeciding] = useState<Deciding | null>(null);

  return (
    <PageFrame
      title="Affiliate payouts"
      description="Send the money first, then mark the payout paid with the transfer’s reference. The same as shark payouts on the command line."
    >
      <FormField label="Show" className="max-w-xs">
        {(control) => (
          <NativeSelect
            {...control}
            value={filter}
            onChange={(e) => setFilter(e.target.value as PayoutFilter)}
          >
            <option value="requested">Waiting for payment</option>
            {PAYOUT_STATUSES.filter((s) => s !== 'requested').map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
            <option value="all">All</option>
          </NativeSelect>
        )}
      </FormField>
      <div className="mt-6">
        {payouts.isPending ? (
          <Skeleton className="h-32" aria-busy="true" />
        ) : payouts.isError ? (
          <Alert variant="error">{payouts.error.message}</Alert>
        ) : payouts.data.payouts.length === 0 ? (
          <EmptyState icon={HandCoins} title="No payouts here">
            Affiliates’ payout requests appear here once they ask for their balance.
          </EmptyState>
        ) : (
          <Card className="p-0">
            <ul aria-label="Payouts" className="divide-y">
              {payouts.data.payouts.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {money(p)} to {p.affiliateEmail} <Badge variant="secondary">{p.status}</Badge>
                    </p>
                    <p className="text-sm break-words text-muted-foreground">
                      {p.destination} · {p.commissionCount} commissions · asked{' '}
                      {new Date(p.requestedAt).toLocaleDateString()}
                      {p.operatorNote ? ` · ${p.operatorNote}` : ''}
                    </p>
                  </div>
                  {p.status === 'requested' ? (
                    <div className="flex gap-2">
                      <Button
                        type="button"
                        size="sm"
                        onClick={() => setDeciding({ payout: p, decision: 'paid' })}
                      >
                        Mark paid
                      </Button>
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        onClick={() => setDeciding({ payout: p, decision: 'reject' })}
                      >
                        Reject
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
      <NoteDialog
        key={deciding ? `${deciding.payout.id}-${deciding.decision}` : 'none'}
        open={deciding !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeciding(null);
            settle.reset();
          }
        }}
        title={
          deciding?.decision === 'paid'
            ? `Mark ${deciding ? money(deciding.payout) : ''} paid?`
            : 'Reject this payout?'
        }
        description={
          deciding?.decision === 'paid'
            ? 'The affiliate sees the reference, so she can find the transfer.'
            : 'Her commissions become available again; she sees the reason.'
        }
        label={deciding?.decision === 'paid' ? 'Transfer reference' : 'Reason'}
        confirmLabel={deciding?.decision === 'paid' ? 'Mark paid' : 'Reject payout'}
        isDestructive={deciding?.decision === 'reject'}
        pending={settle.isPending}
        error={settle.error?.message}
        onConfirm={(text) => {
          if (!deciding) return;
          const { payout, decision } = deciding;
          settle.mutate(
            decision === 'paid'
              ? { id: payout.id, decision, reference: text }
              : { id: payout.id, decision, reason: text },
            {
              onSuccess: () => {
                toast.success(decision === 'paid' ? 'Payout marked paid.' : 'Payout rejected.');
                setDeciding(null);
              },
            },
          );
        }}
      />
    </PageFrame>
  );
}
