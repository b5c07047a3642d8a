import { createFileRoute } from '@tanstack/react-router';
import { OnboardingPage } from '#app/features/onboarding/components/onboarding-page.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/onboarding')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: Onboarding,
});

function Onboarding() {
  const brand = useBrand();
  const user = useUser();
  usePageTitle('Onboarding');
  return <OnboardingPage brandName={brand.name} user={user} />;
}
