// DELETE {base}/accounts/{id}: remove a username added by mistake.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api.ts';
import { onboardingKeys, type SetupApiBase } from '#app/features/onboarding/lib/setup-api.ts';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';

export async function removeUsername(base: SetupApiBase, id: string): Promise<void> {
  await apiRequest(`${base}/accounts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveUsername(userId: string, base: SetupApiBase) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeUsername(base, id),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.usernames(userId, base) }),
        queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
      ]);
    },
  });
}
