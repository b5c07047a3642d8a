// GET /api/support/{id}: one of her requests with its conversation.
import { supportRequestSchema, type SupportRequest } from '@shark/contracts/support.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { supportKeys } from './support-keys.ts';

export function getSupportRequest(id: string, signal?: AbortSignal): Promise<SupportRequest> {
  return api.get(`/api/support/${encodeURIComponent(id)}`, supportRequestSchema, signal);
}

export function supportRequestQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: supportKeys.detail(userId, id),
    queryFn: ({ signal }) => getSupportRequest(id, signal),
  });
}

export function useSupportRequest(userId: string, id: string) {
  return useQuery(supportRequestQueryOptions(userId, id));
}
