// GET /api/staff/offers (admins): every custom offer, newest first.
import { staffOfferListSchema, type StaffOfferList } from '@shark/contracts/staff-operations.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getOffers(signal?: AbortSignal): Promise<StaffOfferList> {
  return api.get('/api/staff/offers', staffOfferListSchema, signal);
}

export function offersQueryOptions() {
  return queryOptions({
    queryKey: ['staff', 'offers'] as const,
    queryFn: ({ signal }) => getOffers(signal),
  });
}

export function useOffers() {
  return useQuery(offersQueryOptions());
}
