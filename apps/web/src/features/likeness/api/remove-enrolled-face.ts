// DELETE /api/likeness/faces/{id}: one enrolled face goes, with its embedding and crop.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { likenessKeys } from '#app/features/likeness/api/likeness-keys.ts';
import { apiRequest } from '#app/lib/api.ts';

export async function removeEnrolledFace(faceId: string): Promise<void> {
  await apiRequest(`/api/likeness/faces/${encodeURIComponent(faceId)}`, { method: 'DELETE' });
}

export function useRemoveEnrolledFace(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeEnrolledFace,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: likenessKeys.enrolment(userId) });
    },
  });
}
