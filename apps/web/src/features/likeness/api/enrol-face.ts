// POST /api/likeness/faces: enrols the face she picked among those found.
import { enrolledFaceSchema } from '@shark/contracts/likeness.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { likenessKeys } from '#app/features/likeness/api/likeness-keys.ts';
import { api } from '#app/lib/api.ts';

export function enrolFace(token: string) {
  return api.post('/api/likeness/faces', { token }, enrolledFaceSchema);
}

export function useEnrolFace(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrolFace,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: likenessKeys.enrolment(userId) });
    },
  });
}
