// The guard checks the session on navigation; this covers a session that ends while a page is open.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { isApiClientError } from '#app/lib/api.ts';
import { userQueryOptions } from '#app/lib/queries/get-user.ts';

export function useSignedOutRedirect(): void {
  const { error } = useQuery(userQueryOptions);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const href = useLocation({ select: (location) => location.href });
  const isSignedOut = isApiClientError(error) && error.status === 401;

  useEffect(() => {
    if (!isSignedOut) return;
    toast.info('Your session has ended', { description: 'Sign in again to continue.' });
    // Leave the protected pages before dropping the user they read.
    void navigate({ to: '/sign-in', search: { customRedirect: href } }).then(() =>
      queryClient.removeQueries({ queryKey: userQueryOptions.queryKey }),
    );
  }, [isSignedOut, href, navigate, queryClient]);
}
