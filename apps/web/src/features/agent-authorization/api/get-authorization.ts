// GET /api/authorization: her active agent authorisation (null when none), the text she would sign now,
// whether she may sign (a verified e-mail) and how many takedowns wait for her signature.
import {
  authorizationStateSchema,
  type AuthorizationState,
} from '@shark/contracts/agent-authorization.ts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

/** Keyed by the user, so one account's authorisation is never shown to the next account signed in. */
export const authorizationQueryKey = (userId: string) => ['agent-authorization', userId] as const;

export function getAuthorization(signal?: AbortSignal): Promise<AuthorizationState> {
  return api.get('/api/authorization', authorizationStateSchema, signal);
}

export function authorizationQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authorizationQueryKey(userId),
    queryFn: ({ signal }) => getAuthorization(signal),
    // Read by three pages and by every filter change of the report; signing and revoking here update it
    // at once, and the waiting count may lag this long.
    staleTime: 30_000,
  });
}

export function useAuthorization(userId: string) {
  return useQuery(authorizationQueryOptions(userId));
}

/** After signing or revoking: the answer is the new state, kept at once, then read again. */
export async function settleAuthorization(
  queryClient: QueryClient,
  userId: string,
  state?: AuthorizationState,
): Promise<void> {
  if (state) queryClient.setQueryData(authorizationQueryKey(userId), state);
  await queryClient.invalidateQueries({ queryKey: authorizationQueryKey(userId) });
}
