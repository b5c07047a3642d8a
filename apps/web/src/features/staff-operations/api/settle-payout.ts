// POST /api/staff/payouts/{id}/paid | reject (admins): the transfer's reference, or the reason.
import { operatorPayoutSchema } from '@shark/contracts/affiliates.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export type Settlement =
  | { id: string; decision: 'paid'; reference: string }
  | { id: string; decision: 'reject'; reason: string };

export function settlePayout(settlement: Settlement) {
  const path = `/api/staff/payouts/${encodeURIComponent(settlement.id)}/${settlement.decision}`;
  return settlement.decision === 'paid'
    ? api.post(path, { reference: settlement.reference }, operatorPayoutSchema)
    : api.post(path, { reason: settlement.reason }, operatorPayoutSchema);
}

export function useSettlePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settlePayout,
    // Every filter's list: a payout leaves "requested" and joins "paid" or "rejected".
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'payouts'] }),
  });
}
