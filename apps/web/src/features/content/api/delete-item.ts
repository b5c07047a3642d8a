// DELETE /api/content/items/{id}: the item goes; its reference files stay.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentKeys } from '#app/features/content/api/content-keys.ts';
import { apiRequest } from '#app/lib/api.ts';

export async function deleteItem(itemId: string): Promise<void> {
  await apiRequest(`/api/content/items/${encodeURIComponent(itemId)}`, { method: 'DELETE' });
}

export function useDeleteItem(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: async (_result, itemId) => {
      queryClient.removeQueries({ queryKey: contentKeys.item(userId, itemId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contentKeys.itemLists(userId) }),
        queryClient.invalidateQueries({ queryKey: contentKeys.collections(userId) }),
      ]);
    },
  });
}
