// DELETE /api/content/items/{id}/files/{fileId}: the link goes; the file stays.
import { contentItemDetailSchema, type ContentItemDetail } from '@shark/contracts/content.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentKeys } from '#app/features/content/api/content-keys.ts';
import { apiRequest } from '#app/lib/api.ts';

export function unlinkFile(itemId: string, fileId: string): Promise<ContentItemDetail> {
  return apiRequest(
    `/api/content/items/${encodeURIComponent(itemId)}/files/${encodeURIComponent(fileId)}`,
    { method: 'DELETE', schema: contentItemDetailSchema },
  );
}

export function useUnlinkFile(userId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => unlinkFile(itemId, fileId),
    onSuccess: async (item) => {
      queryClient.setQueryData(contentKeys.item(userId, item.id), item);
      await queryClient.invalidateQueries({ queryKey: contentKeys.itemLists(userId) });
    },
  });
}
