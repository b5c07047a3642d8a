// GET /api/auth/verify-email: verifies the address (a sign-up's link also signs the user in).
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '#app/lib/api.ts';
import { userQueryOptions } from '#app/lib/queries/get-user.ts';

export interface VerifiedEmail {
  signedIn: boolean;
}

export function verifyEmail(token: string): Promise<unknown> {
  return api.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
}

// A query rather than a mutation so one token is verified once, even when the page mounts twice;
// no abort signal, so a remount reuses the request in flight instead of cancelling and repeating it.
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['verify-email', token],
    queryFn: async (): Promise<VerifiedEmail> => {
      await verifyEmail(token);
      // A sign-up's link signs the browser in; an address change opened in another browser does not.
      const session = await api.get('/api/auth/get-session').catch(() => null);
      return { signedIn: session !== null && typeof session === 'object' };
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient();
  const query = useQuery(verifyEmailQueryOptions(token));
  const isVerified = query.isSuccess;
  useEffect(() => {
    // The answer set a new session; drop any user cached from before.
    if (isVerified) queryClient.removeQueries({ queryKey: userQueryOptions.queryKey });
  }, [isVerified, queryClient]);
  return query;
}
