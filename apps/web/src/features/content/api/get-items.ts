// GET /api/content/items: items matching the filters, newest first, a page at a time.
import { itemListSchema, type ItemList } from '@shark/contracts/content.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { contentKeys, type ItemFilters } from '#app/features/content/api/content-keys.ts';
import { api } from '#app/lib/api.ts';

export const ITEMS_PAGE_SIZE = 25;

export function getItems(
  filters: ItemFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ItemList> {
  const params = new URLSearchParams({ limit: String(ITEMS_PAGE_SIZE) });
  if (filters.collection) params.set('collection', filters.collection);
  if (filters.type) params.set('type', filters.type);
  if (filters.q) params.set('q', filters.q);
  if (cursor) params.set('cursor', cursor);
  return api.get(`/api/content/items?${params.toString()}`, itemListSchema, signal);
}

export function itemsQueryOptions(userId: string, filters: ItemFilters) {
  return infiniteQueryOptions({
    queryKey: contentKeys.itemList(userId, filters),
    queryFn: ({ pageParam, signal }) => getItems(filters, pageParam, signal),
    // Changes made here invalidate it; the page's loader and the page share one request.
    staleTime: 15_000,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useItems(userId: string, filters: ItemFilters) {
  return useInfiniteQuery(itemsQueryOptions(userId, filters));
}
