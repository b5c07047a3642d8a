import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { AccountProfileSections } from '#app/features/account-profile/components/account-profile-sections.tsx';
import { authorizationQueryOptions } from '#app/features/agent-authorization/api/get-authorization.ts';
import { AgentAuthorizationSection } from '#app/features/agent-authorization/components/agent-authorization-section.tsx';
import { SubscriptionSection } from '#app/features/billing/components/subscription-section.tsx';
import { YourDataSection } from '#app/features/account-data/components/your-data-section.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/account')({
  beforeLoad: async ({ context, location }) => ({
    accountOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.signedIn,
    ),
  }),
  // Awaited, so the section is on the page when a link to #agent-authorization scrolls to it; a failure
  // is the section's own error state, not the page's. Affiliates sign nothing: no takedown is theirs.
  loader: async ({ context }) => {
    if (context.accountOwner.isAffiliateOnly) return;
    await context.queryClient
      .ensureQueryData(authorizationQueryOptions(context.accountOwner.id))
      .catch(() => undefined);
  },
  component: AccountPage,
});

function AccountPage() {
  const user = useUser();
  usePageTitle('Account');
  return (
    <PageFrame title="Account">
      <div className="grid gap-6">
        <AccountProfileSections user={user} />
        <SubscriptionSection />
        {user.isAffiliateOnly ? null : (
          <AgentAuthorizationSection userId={user.id} email={user.email} />
        )}
        <YourDataSection user={user} />
      </div>
    </PageFrame>
  );
}
