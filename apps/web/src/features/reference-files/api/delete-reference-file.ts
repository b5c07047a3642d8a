// DELETE /api/reference-files/{id}: the file goes with its thumbnail and fingerprint (or its upload stops).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referenceFileKeys } from '#app/features/reference-files/api/reference-file-keys.ts';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';
import { apiRequest } from '#app/lib/api.ts';

export async function deleteReferenceFile(fileId: string): Promise<void> {
  await apiRequest(`/api/reference-files/${encodeURIComponent(fileId)}`, { method: 'DELETE' });
}

export function useDeleteReferenceFile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReferenceFile,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: referenceFileKeys.list(userId) }),
        queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
      ]);
    },
  });
}
