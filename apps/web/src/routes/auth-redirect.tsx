import { customRedirectSchema } from '@shark/contracts/auth-mini.ts';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import * as z from 'zod/mini';
import { NoIndex } from '#app/components/no-index.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { userQueryOptions } from '#app/lib/queries/get-user.ts';

/** Why a Google sign-in came back without a session (the auth server's error codes). */
const OAUTH_ERRORS: Record<string, string> = {
  account_not_linked:
    'An account with this e-mail address already exists but its address was never verified. Sign in with your password, or verify the address first, then use Google.',
  access_denied: 'Google sign-in was cancelled.',
};

// Landing spot after an OAuth round trip: the session is new, so the cached user is dropped.
export const Route = createFileRoute('/auth-redirect')({
  validateSearch: z.object({
    customRedirect: z.optional(customRedirectSchema),
    error: z.optional(z.string().check(z.maxLength(200))),
  }),
  component: AuthRedirectPage,
});

function AuthRedirectPage() {
  const { customRedirect, error } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (error !== undefined) return;
    queryClient.removeQueries({ queryKey: userQueryOptions.queryKey });
    void navigate({ href: customRedirect ?? '/dashboard', replace: true });
  }, [customRedirect, error, navigate, queryClient]);

  if (error !== undefined) {
    return (
      <main className="grid min-h-svh place-items-center p-6">
        <NoIndex />
        <div role="alert" className="max-w-md space-y-4 text-center">
          <h1 className="text-xl font-semibold">Google sign-in did not complete</h1>
          <p className="text-muted-foreground">
            {OAUTH_ERRORS[error] ??
              'Something went wrong while signing in with Google. Please try again.'}
          </p>
          <Link
            to="/sign-in"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Back to Sign In
          </Link>
        </div>
      </main>
    );
  }

  return (
    <main className="grid min-h-svh place-items-center">
      <NoIndex />
      <p role="status" className="flex items-center gap-3 text-muted-foreground">
        <Spinner className="size-5" />
        Signing you in…
      </p>
    </main>
  );
}
