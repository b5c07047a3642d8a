// GET /api/usage: the user's tier, its limits and what they use. Screens that add limited things
// invalidate USAGE_QUERY_KEY after a change.
import { usageSchema, type Usage } from '@shark/contracts/plans.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export const USAGE_QUERY_KEY = ['usage'] as const;

export const usageQueryOptions = queryOptions({
  queryKey: USAGE_QUERY_KEY,
  queryFn: ({ signal }): Promise<Usage> => api.get('/api/usage', usageSchema, signal),
  staleTime: 10_000,
});

export function useUsage() {
  return useQuery(usageQueryOptions);
}
