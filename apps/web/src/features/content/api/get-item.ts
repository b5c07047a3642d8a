// GET /api/content/items/{id}: one item with all its linked reference files.
import { contentItemDetailSchema, type ContentItemDetail } from '@shark/contracts/content.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentKeys } from '#app/features/content/api/content-keys.ts';
import { api } from '#app/lib/api.ts';

export function getItem(itemId: string, signal?: AbortSignal): Promise<ContentItemDetail> {
  return api.get(
    `/api/content/items/${encodeURIComponent(itemId)}`,
    contentItemDetailSchema,
    signal,
  );
}

export function itemQueryOptions(userId: string, itemId: string) {
  return queryOptions({
    queryKey: contentKeys.item(userId, itemId),
    // Changes made here invalidate it; the page's loader and the page share one request.
    staleTime: 15_000,
    queryFn: ({ signal }) => getItem(itemId, signal),
  });
}

export function useItem(userId: string, itemId: string) {
  return useQuery(itemQueryOptions(userId, itemId));
}
