// POST /api/content/items.
import {
  contentItemDetailSchema,
  type ContentItemDetail,
  type CreateItem,
} from '@shark/contracts/content.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentKeys } from '#app/features/content/api/content-keys.ts';
import { apiRequest } from '#app/lib/api.ts';

export function createItem(input: CreateItem): Promise<ContentItemDetail> {
  return apiRequest('/api/content/items', {
    method: 'POST',
    body: input,
    schema: contentItemDetailSchema,
  });
}

export function useCreateItem(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: async (item) => {
      queryClient.setQueryData(contentKeys.item(userId, item.id), item);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contentKeys.itemLists(userId) }),
        queryClient.invalidateQueries({ queryKey: contentKeys.collections(userId) }),
      ]);
    },
  });
}
