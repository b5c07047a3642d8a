// GET /api/promo-removals: her allowance (limit, used, left) and every free removal with where it stands.
// Refreshed every few seconds while any removal is still being checked (its job has not run yet).
import { freeRemovalsSchema, type FreeRemovals } from '@shark/contracts/promo-removals.ts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

/** While any removal is being checked, how often the list is asked for again. */
export const CHECKING_REFRESH_MS = 2_000;

/** Keyed by the user, so one account's removals are never shown to the next account signed in. */
export const freeRemovalsQueryKey = (userId: string) => ['promo-removals', userId] as const;

export function getFreeRemovals(signal?: AbortSignal): Promise<FreeRemovals> {
  return api.get('/api/promo-removals', freeRemovalsSchema, signal);
}

export function freeRemovalsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: freeRemovalsQueryKey(userId),
    queryFn: ({ signal }) => getFreeRemovals(signal),
    refetchInterval: (query) =>
      query.state.data?.removals.some((removal) => removal.stage === 'checking')
        ? CHECKING_REFRESH_MS
        : false,
  });
}

export function useFreeRemovals(userId: string) {
  return useQuery(freeRemovalsQueryOptions(userId));
}

export async function invalidateFreeRemovals(
  queryClient: QueryClient,
  userId: string,
): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: freeRemovalsQueryKey(userId) });
}
