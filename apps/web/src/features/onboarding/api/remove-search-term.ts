// DELETE {base}/search-terms/{id}: take back a term chosen during onboarding.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api.ts';
import { onboardingKeys, type SetupApiBase } from '#app/features/onboarding/lib/setup-api.ts';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';

export async function removeSearchTerm(base: SetupApiBase, id: string): Promise<void> {
  await apiRequest(`${base}/search-terms/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveSearchTerm(userId: string, base: SetupApiBase) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeSearchTerm(base, id),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.searchTerms(userId, base) }),
        queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
      ]);
    },
  });
}
