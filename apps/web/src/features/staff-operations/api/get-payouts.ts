// GET /api/staff/payouts?status= (admins): affiliates' payout requests, the requested ones by default.
import type { PayoutStatus } from '@shark/contracts/affiliates.ts';
import { staffPayoutListSchema, type StaffPayoutList } from '@shark/contracts/staff-operations.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export type PayoutFilter = PayoutStatus | 'all';

export function getPayouts(status: PayoutFilter, signal?: AbortSignal): Promise<StaffPayoutList> {
  return api.get(`/api/staff/payouts?status=${status}`, staffPayoutListSchema, signal);
}

export function payoutsQueryOptions(status: PayoutFilter) {
  return queryOptions({
    queryKey: ['staff', 'payouts', status] as const,
    queryFn: ({ signal }) => getPayouts(status, signal),
  });
}

export function usePayouts(status: PayoutFilter) {
  return useQuery(payoutsQueryOptions(status));
}
