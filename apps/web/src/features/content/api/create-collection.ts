// POST /api/content/collections.
import {
  contentCollectionSchema,
  type ContentCollection,
  type CreateCollection,
} from '@shark/contracts/content.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentKeys } from '#app/features/content/api/content-keys.ts';
import { apiRequest } from '#app/lib/api.ts';

export function createCollection(input: CreateCollection): Promise<ContentCollection> {
  return apiRequest('/api/content/collections', {
    method: 'POST',
    body: input,
    schema: contentCollectionSchema,
  });
}

export function useCreateCollection(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.collections(userId) }),
  });
}
