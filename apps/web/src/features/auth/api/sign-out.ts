// POST /api/auth/sign-out: clears the session cookies.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api, isApiClientError } from '#app/lib/api.ts';
import { brandQueryOptions } from '#app/lib/queries/get-brand.ts';

export async function signOut(): Promise<void> {
  try {
    await api.post('/api/auth/sign-out', {});
  } catch (error) {
    // 401: the session had already ended, which is what was asked for.
    if (isApiClientError(error) && error.status === 401) return;
    throw error;
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Leave the protected pages first so nothing there refetches the user mid-way.
      await navigate({ to: '/sign-in' });
      // Everything cached belonged to the signed-out user, except the brand the page is shown in.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== brandQueryOptions.queryKey[0],
      });
    },
  });
}
