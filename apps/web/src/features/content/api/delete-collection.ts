// DELETE /api/content/collections/{id}?items=keep|delete: the caller says what happens to the items.
import {
  deletedCollectionSchema,
  type CollectionDeleteMode,
  type DeletedCollection,
} from '@shark/contracts/content.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentKeys } from '#app/features/content/api/content-keys.ts';
import { apiRequest } from '#app/lib/api.ts';

export function deleteCollection(
  collectionId: string,
  items: CollectionDeleteMode,
): Promise<DeletedCollection> {
  return apiRequest(`/api/content/collections/${encodeURIComponent(collectionId)}?items=${items}`, {
    method: 'DELETE',
    schema: deletedCollectionSchema,
  });
}

export function useDeleteCollection(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, items }: { id: string; items: CollectionDeleteMode }) =>
      deleteCollection(id, items),
    // Items moved out of the collection or deleted with it: every list and count changes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all(userId) }),
  });
}
