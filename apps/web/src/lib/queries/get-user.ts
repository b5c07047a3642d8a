// GET /api/user: the signed-in user. 401 when signed out.
import { userSchema } from '@shark/contracts/user-mini.ts';
import type { User } from '@shark/contracts/user.ts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getUser(signal?: AbortSignal): Promise<User> {
  return api.get('/api/user', userSchema, signal);
}

export const userQueryOptions = queryOptions({
  queryKey: ['user'],
  queryFn: ({ signal }) => getUser(signal),
  staleTime: 300_000,
  refetchOnWindowFocus: true,
  retry: false,
});

/** Only under the protected layout, whose guard has already loaded the user. */
export function useUser(): User {
  return useSuspenseQuery(userQueryOptions).data;
}
