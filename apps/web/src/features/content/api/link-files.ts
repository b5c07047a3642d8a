// POST /api/content/items/{id}/files: link the creator's reference files to an item.
import { contentItemDetailSchema, type ContentItemDetail } from '@shark/contracts/content.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentKeys } from '#app/features/content/api/content-keys.ts';
import { apiRequest } from '#app/lib/api.ts';

export function linkFiles(itemId: string, fileIds: string[]): Promise<ContentItemDetail> {
  return apiRequest(`/api/content/items/${encodeURIComponent(itemId)}/files`, {
    method: 'POST',
    body: { fileIds },
    schema: contentItemDetailSchema,
  });
}

export function useLinkFiles(userId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileIds: string[]) => linkFiles(itemId, fileIds),
    onSuccess: async (item) => {
      queryClient.setQueryData(contentKeys.item(userId, item.id), item);
      await queryClient.invalidateQueries({ queryKey: contentKeys.itemLists(userId) });
    },
  });
}
