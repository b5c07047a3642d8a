// GET {base}/accounts: the usernames added so far.
import {
  protectedAccountListSchema,
  type ProtectedAccountList,
} from '@shark/contracts/accounts.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { onboardingKeys, type SetupApiBase } from '#app/features/onboarding/lib/setup-api.ts';

export function getUsernames(
  base: SetupApiBase,
  signal?: AbortSignal,
): Promise<ProtectedAccountList> {
  return api.get(`${base}/accounts`, protectedAccountListSchema, signal);
}

export function usernamesQueryOptions(userId: string, base: SetupApiBase) {
  return queryOptions({
    queryKey: onboardingKeys.usernames(userId, base),
    queryFn: ({ signal }) => getUsernames(base, signal),
  });
}

export function useUsernames(userId: string, base: SetupApiBase) {
  return useQuery(usernamesQueryOptions(userId, base));
}
