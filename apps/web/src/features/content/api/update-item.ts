// PATCH /api/content/items/{id}.
import {
  contentItemDetailSchema,
  type ContentItemDetail,
  type UpdateItem,
} from '@shark/contracts/content.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentKeys } from '#app/features/content/api/content-keys.ts';
import { apiRequest } from '#app/lib/api.ts';

export function updateItem(itemId: string, changes: UpdateItem): Promise<ContentItemDetail> {
  return apiRequest(`/api/content/items/${encodeURIComponent(itemId)}`, {
    method: 'PATCH',
    body: changes,
    schema: contentItemDetailSchema,
  });
}

export function useUpdateItem(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateItem }) => updateItem(id, changes),
    onSuccess: async (item) => {
      queryClient.setQueryData(contentKeys.item(userId, item.id), item);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contentKeys.itemLists(userId) }),
        queryClient.invalidateQueries({ queryKey: contentKeys.collections(userId) }),
      ]);
    },
  });
}
