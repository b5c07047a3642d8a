// GET /api/staff/creators/{id}: one creator's page: profile, plan, usage, records and support.
import { creatorOverviewSchema, type CreatorOverview } from '@shark/contracts/staff-creators.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getCreator(id: string, signal?: AbortSignal): Promise<CreatorOverview> {
  return api.get(`/api/staff/creators/${encodeURIComponent(id)}`, creatorOverviewSchema, signal);
}

export function creatorQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['staff', 'creators', id] as const,
    queryFn: ({ signal }) => getCreator(id, signal),
  });
}

export function useCreator(id: string) {
  return useQuery(creatorQueryOptions(id));
}
