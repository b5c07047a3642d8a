import { createFileRoute } from '@tanstack/react-router';
import { PlansPage } from '#app/features/plans/components/plans-page.tsx';
import { plansSearchSchema } from '#app/features/plans/plans-search.ts';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/plans')({
  validateSearch: plansSearchSchema,
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: Plans,
});

function Plans() {
  const { reason, checkout } = Route.useSearch();
  const brand = useBrand();
  const user = useUser();
  usePageTitle('Plans');
  return (
    <PlansPage
      reason={reason}
      checkout={checkout}
      status={user.frontendStatus}
      contactUrl={brand.links.contact}
    />
  );
}
