// GET /api/support: her requests, the latest activity first, and how many are not closed.
import { supportRequestListSchema, type SupportRequestList } from '@shark/contracts/support.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { supportKeys } from './support-keys.ts';

export function getSupportRequests(signal?: AbortSignal): Promise<SupportRequestList> {
  return api.get('/api/support', supportRequestListSchema, signal);
}

export function supportRequestsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: supportKeys.list(userId),
    queryFn: ({ signal }) => getSupportRequests(signal),
  });
}

export function useSupportRequests(userId: string) {
  return useQuery(supportRequestsQueryOptions(userId));
}
