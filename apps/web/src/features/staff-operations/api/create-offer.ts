// POST /api/staff/offers (admins): a plan at a price, with its public link.
import { operatorOfferSchema, type CreateOffer } from '@shark/contracts/offers.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { offersQueryOptions } from './get-offers.ts';

export function createOffer(offer: CreateOffer) {
  return api.post('/api/staff/offers', offer, operatorOfferSchema);
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersQueryOptions().queryKey }),
  });
}
