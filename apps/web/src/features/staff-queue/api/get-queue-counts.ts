// GET /api/staff/queue/counts: open and overdue items of each kind, and the items I hold.
import { workQueueCountsSchema, type WorkQueueCounts } from '@shark/contracts/work-queue.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { queueKeys } from './queue-keys.ts';

export function getQueueCounts(signal?: AbortSignal): Promise<WorkQueueCounts> {
  return api.get('/api/staff/queue/counts', workQueueCountsSchema, signal);
}

export function queueCountsQueryOptions() {
  return queryOptions({
    queryKey: queueKeys.counts(),
    queryFn: ({ signal }) => getQueueCounts(signal),
    refetchInterval: 30_000,
  });
}

export function useQueueCounts() {
  return useQuery(queueCountsQueryOptions());
}
