// GET /api/report-impersonation/platforms: where a fake profile can be reported (the site catalog's
// social networks, then the Accounts platforms). Fixed while the server runs.
import {
  impersonationPlatformListSchema,
  type ImpersonationPlatformList,
} from '@shark/contracts/report-leaks.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getImpersonationPlatforms(
  signal?: AbortSignal,
): Promise<ImpersonationPlatformList> {
  return api.get('/api/report-impersonation/platforms', impersonationPlatformListSchema, signal);
}

export function impersonationPlatformsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['report-impersonation', userId, 'platforms'] as const,
    queryFn: ({ signal }) => getImpersonationPlatforms(signal),
    staleTime: Infinity,
  });
}

export function useImpersonationPlatforms(userId: string) {
  return useQuery(impersonationPlatformsQueryOptions(userId));
}
