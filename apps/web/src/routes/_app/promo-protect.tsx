import { createFileRoute } from '@tanstack/react-router';
import { authorizationQueryOptions } from '#app/features/agent-authorization/api/get-authorization.ts';
import { AgentAuthorizationCallout } from '#app/features/agent-authorization/components/agent-authorization-callout.tsx';
import { freeRemovalsQueryOptions } from '#app/features/promo-removals/api/get-free-removals.ts';
import { FreeRemovalsPage } from '#app/features/promo-removals/components/free-removals-page.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/promo-protect')({
  beforeLoad: async ({ context, location }) => ({
    removalsOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.promoProtect,
    ),
  }),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(freeRemovalsQueryOptions(context.removalsOwner.id));
    void context.queryClient.prefetchQuery(authorizationQueryOptions(context.removalsOwner.id));
  },
  component: FreeRemovals,
});

function FreeRemovals() {
  const user = useUser();
  usePageTitle('Free Removals');
  return (
    <FreeRemovalsPage
      userId={user.id}
      callout={<AgentAuthorizationCallout user={user} hasTakedowns />}
    />
  );
}
