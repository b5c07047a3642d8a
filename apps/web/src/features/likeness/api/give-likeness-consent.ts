// POST /api/likeness/consent: she agrees to the consent text of the version she was shown.
import { likenessEnrolmentSchema } from '@shark/contracts/likeness.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { likenessKeys } from '#app/features/likeness/api/likeness-keys.ts';
import { api } from '#app/lib/api.ts';

export function giveLikenessConsent(version: string) {
  return api.post('/api/likeness/consent', { version }, likenessEnrolmentSchema);
}

export function useGiveLikenessConsent(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giveLikenessConsent,
    onSuccess: (enrolment) => {
      queryClient.setQueryData(likenessKeys.enrolment(userId), enrolment);
    },
  });
}
