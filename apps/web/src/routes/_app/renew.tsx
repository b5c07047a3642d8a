import { createFileRoute } from '@tanstack/react-router';
import { RenewPage } from '#app/features/billing/components/renew-page.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/renew')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: RenewSubscriptionPage,
});

function RenewSubscriptionPage() {
  const user = useUser();
  const brand = useBrand();
  usePageTitle('Renew Subscription');
  return <RenewPage status={user.frontendStatus} contactUrl={brand.links.contact} />;
}
