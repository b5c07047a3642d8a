// POST /api/custom-offers/{id}/claim: claims the offer for the signed-in user; says what comes next.
import { claimOfferResultSchema, type ClaimOfferResult } from '@shark/contracts/offers.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { userQueryOptions } from '#app/lib/queries/get-user.ts';
import { offerQueryKey } from './get-offer.ts';

export function claimOffer(customOfferId: string): Promise<ClaimOfferResult> {
  return api.post(
    `/api/custom-offers/${encodeURIComponent(customOfferId)}/claim`,
    {},
    claimOfferResultSchema,
  );
}

export function useClaimOffer(customOfferId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => claimOffer(customOfferId),
    // A free offer changes her plan and features; the offer's own state may change too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: offerQueryKey(customOfferId) }),
      ]),
  });
}
