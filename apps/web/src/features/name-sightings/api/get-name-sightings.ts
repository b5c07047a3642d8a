// GET /api/name-sightings: pages that share the creator's name, grouped by site.
import { nameSightingListSchema, type NameSightingList } from '@shark/contracts/name-sightings.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getNameSightings(signal?: AbortSignal): Promise<NameSightingList> {
  return api.get('/api/name-sightings', nameSightingListSchema, signal);
}

/** Keyed by the user, so one account's sightings never show for the next one signed in. */
export const nameSightingsQueryKey = (userId: string) => ['name-sightings', userId] as const;

export function nameSightingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: nameSightingsQueryKey(userId),
    queryFn: ({ signal }) => getNameSightings(signal),
  });
}

export function useNameSightings(userId: string) {
  return useQuery(nameSightingsQueryOptions(userId));
}
