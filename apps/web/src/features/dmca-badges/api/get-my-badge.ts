// GET /api/badges/mine: the signed-in creator's badge id and the public page it links to.
import { myBadgeSchema, type MyBadge } from '@shark/contracts/dmca-badges.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getMyBadge(signal?: AbortSignal): Promise<MyBadge> {
  return api.get('/api/badges/mine', myBadgeSchema, signal);
}

/** Keyed by the user, so a badge cached in this tab is never shown to the next account signed in. */
export function myBadgeQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['badges', 'mine', userId],
    queryFn: ({ signal }) => getMyBadge(signal),
    // The id never changes once created.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMyBadge(userId: string) {
  return useQuery(myBadgeQueryOptions(userId));
}
