// POST /api/staff/offers/{id}/revoke (admins): the offer can no longer be claimed.
import { operatorOfferSchema } from '@shark/contracts/offers.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { offersQueryOptions } from './get-offers.ts';

export function revokeOffer(id: string) {
  return api.post(`/api/staff/offers/${encodeURIComponent(id)}/revoke`, {}, operatorOfferSchema);
}

export function useRevokeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersQueryOptions().queryKey }),
  });
}
