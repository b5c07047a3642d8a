// GET /api/likeness: her consent, her enrolled faces, the consent text in force and the most faces.
import { likenessEnrolmentSchema, type LikenessEnrolment } from '@shark/contracts/likeness.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { likenessKeys } from '#app/features/likeness/api/likeness-keys.ts';
import { api } from '#app/lib/api.ts';

export function getLikeness(signal?: AbortSignal): Promise<LikenessEnrolment> {
  return api.get('/api/likeness', likenessEnrolmentSchema, signal);
}

export function likenessQueryOptions(userId: string) {
  return queryOptions({
    queryKey: likenessKeys.enrolment(userId),
    queryFn: ({ signal }) => getLikeness(signal),
  });
}

export function useLikeness(userId: string) {
  return useQuery(likenessQueryOptions(userId));
}
