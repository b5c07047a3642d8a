// POST {base}/accounts: add a username (the accounts contract).
import {
  protectedAccountSchema,
  type AddProtectedAccount,
  type ProtectedAccount,
} from '@shark/contracts/accounts.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { onboardingKeys, type SetupApiBase } from '#app/features/onboarding/lib/setup-api.ts';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';

export function addUsername(
  base: SetupApiBase,
  input: AddProtectedAccount,
): Promise<ProtectedAccount> {
  return api.post(`${base}/accounts`, input, protectedAccountSchema);
}

export function useAddUsername(userId: string, base: SetupApiBase) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddProtectedAccount) => addUsername(base, input),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.usernames(userId, base) }),
        queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
      ]);
    },
  });
}
