// GET /api/content/collections: the creator's collections with item counts.
import { collectionListSchema, type CollectionList } from '@shark/contracts/content.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentKeys } from '#app/features/content/api/content-keys.ts';
import { api } from '#app/lib/api.ts';

export function getCollections(signal?: AbortSignal): Promise<CollectionList> {
  return api.get('/api/content/collections', collectionListSchema, signal);
}

export function collectionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: contentKeys.collections(userId),
    // Changes made here invalidate it; the page's loader and the page share one request.
    staleTime: 15_000,
    queryFn: ({ signal }) => getCollections(signal),
  });
}

export function useCollections(userId: string) {
  return useQuery(collectionsQueryOptions(userId));
}
