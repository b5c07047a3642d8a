// GET /api/staff/queue: the queue, a page at a time, in priority and due order, for the filters.
import {
  workQueuePageSchema,
  type WorkQueuePage,
  type WorkQueueQuery,
} from '@shark/contracts/work-queue.ts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { searchParamsOf } from '#app/features/staff-queue/lib/queue-search.ts';
import { queueKeys } from './queue-keys.ts';

export function getWorkQueue(
  query: WorkQueueQuery,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<WorkQueuePage> {
  return api.get(
    `/api/staff/queue?${searchParamsOf(query, cursor).toString()}`,
    workQueuePageSchema,
    signal,
  );
}

export function workQueueQueryOptions(query: WorkQueueQuery) {
  return infiniteQueryOptions({
    queryKey: queueKeys.list(query),
    queryFn: ({ pageParam, signal }) => getWorkQueue(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    // Other agents claim and finish items: the list is read again every half minute.
    refetchInterval: 30_000,
  });
}

export function useWorkQueue(query: WorkQueueQuery) {
  return useInfiniteQuery(workQueueQueryOptions(query));
}
