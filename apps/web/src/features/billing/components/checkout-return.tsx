// Back from Checkout (/plans?checkout=success). Stripe returns the browser before or after its webhook
// has made the account subscribed, so the page asks for the account until it is, then says so and
// moves on: to onboarding while it is not done, else to the dashboard (the sidebar is unlocked by then).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { settleBilling } from '#app/features/billing/api/billing-queries.ts';
import { userQueryOptions } from '#app/lib/queries/get-user.ts';

const POLL_MS = 2000;

export function CheckoutReturn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const done = useRef(false);
  const user = useQuery({
    ...userQueryOptions,
    refetchInterval: (query) =>
      query.state.data?.frontendStatus === 'subscribed' ? false : POLL_MS,
  });
  const subscribed = user.data?.frontendStatus === 'subscribed';

  // The cached account is from before Checkout: ask again at once rather than at the first interval.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
  }, [queryClient]);

  useEffect(() => {
    if (!subscribed || !user.data || user.isFetching || done.current) return;
    done.current = true;
    const needsOnboarding = user.data.needsOnboarding;
    void settleBilling(queryClient).then(() => {
      toast.success('Your protection is active', {
        description: needsOnboarding
          ? 'Thank you for subscribing. Finish setting up so we can search for your content.'
          : 'Thank you for subscribing.',
      });
      void navigate({ to: needsOnboarding ? '/onboarding' : '/dashboard', replace: true });
    });
  }, [subscribed, user.data, user.isFetching, queryClient, navigate]);

  return (
    <Alert variant="success" className="mb-6">
      <Spinner />
      <div>
        <p className="font-semibold">Payment received</p>
        <p className="mt-1">Activating your subscription… This takes a few seconds.</p>
      </div>
    </Alert>
  );
}
