import { signUpSearchSchema } from '@shark/contracts/auth-mini.ts';
import { createFileRoute } from '@tanstack/react-router';
import { useReferralClick } from '#app/features/affiliates/api/record-referral-click.ts';
import { AuthLayout } from '#app/features/auth/components/auth-layout.tsx';
import { SignUpForm } from '#app/features/auth/components/sign-up-form.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useDocumentTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/sign-up')({
  validateSearch: signUpSearchSchema,
  component: SignUpPage,
});

function SignUpPage() {
  const search = Route.useSearch();
  const brand = useBrand();
  // Opened through a referral link: the affiliate's click is counted (once per visitor and day).
  useReferralClick(search.rFromSearch);
  useDocumentTitle(`${brand.name} | Sign Up`);
  return (
    <AuthLayout>
      <SignUpForm search={search} />
    </AuthLayout>
  );
}
