// GET /api/staff/queue/{id}: one item with everything needed to do it.
import type { FaceCrop } from '@shark/contracts/findings.ts';
import { workItemDetailSchema, type WorkItemDetail } from '@shark/contracts/work-queue.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { queueKeys } from './queue-keys.ts';

export function getWorkItem(id: string, signal?: AbortSignal): Promise<WorkItemDetail> {
  return api.get(`/api/staff/queue/${encodeURIComponent(id)}`, workItemDetailSchema, signal);
}

export function workItemQueryOptions(id: string) {
  return queryOptions({
    queryKey: queueKeys.item(id),
    queryFn: ({ signal }) => getWorkItem(id, signal),
  });
}

export function useWorkItem(id: string) {
  return useQuery(workItemQueryOptions(id));
}

export function workItemThumbnailUrl(id: string): string {
  return `/api/staff/queue/${encodeURIComponent(id)}/thumbnail`;
}

/** The face found on the page of the item's likeness finding, or the creator's enrolled face. */
export function workItemFaceUrl(id: string, which: FaceCrop): string {
  return `/api/staff/queue/${encodeURIComponent(id)}/face/${which}`;
}
