// DELETE /api/likeness: her whole enrolment goes — her consent, every face and every crop.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { likenessKeys } from '#app/features/likeness/api/likeness-keys.ts';
import { apiRequest } from '#app/lib/api.ts';

export async function deleteLikeness(): Promise<void> {
  await apiRequest('/api/likeness', { method: 'DELETE' });
}

export function useDeleteLikeness(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLikeness,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: likenessKeys.enrolment(userId) });
    },
  });
}
