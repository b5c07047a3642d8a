// PATCH /api/content/collections/{id}: rename, or change the description.
import {
  contentCollectionSchema,
  type ContentCollection,
  type UpdateCollection,
} from '@shark/contracts/content.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentKeys } from '#app/features/content/api/content-keys.ts';
import { apiRequest } from '#app/lib/api.ts';

export function updateCollection(
  collectionId: string,
  changes: UpdateCollection,
): Promise<ContentCollection> {
  return apiRequest(`/api/content/collections/${encodeURIComponent(collectionId)}`, {
    method: 'PATCH',
    body: changes,
    schema: contentCollectionSchema,
  });
}

export function useUpdateCollection(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateCollection }) =>
      updateCollection(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.collections(userId) }),
  });
}
