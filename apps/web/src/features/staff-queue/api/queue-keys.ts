// Query keys of the staff work queue.
import type { WorkQueueQuery } from '@shark/contracts/work-queue.ts';

export const queueKeys = {
  all: ['staff-queue'] as const,
  lists: () => ['staff-queue', 'list'] as const,
  list: (query: WorkQueueQuery) => ['staff-queue', 'list', query] as const,
  counts: () => ['staff-queue', 'counts'] as const,
  item: (id: string) => ['staff-queue', 'item', id] as const,
};
