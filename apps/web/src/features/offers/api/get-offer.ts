// GET /api/custom-offers/{id}: an offer as its public link shows it; no sign-in needed.
import { publicOfferSchema, type PublicOffer } from '@shark/contracts/offers.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getOffer(customOfferId: string, signal?: AbortSignal): Promise<PublicOffer> {
  return api.get(
    `/api/custom-offers/${encodeURIComponent(customOfferId)}`,
    publicOfferSchema,
    signal,
  );
}

export const offerQueryKey = (customOfferId: string) => ['custom-offer', customOfferId] as const;

export function offerQueryOptions(customOfferId: string) {
  return queryOptions({
    queryKey: offerQueryKey(customOfferId),
    queryFn: ({ signal }) => getOffer(customOfferId, signal),
    // An unknown offer stays unknown: its 404 is the answer, not a hiccup to retry.
    retry: false,
  });
}

export function useOffer(customOfferId: string) {
  return useQuery(offerQueryOptions(customOfferId));
}
