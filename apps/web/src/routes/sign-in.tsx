import { signInSearchSchema } from '@shark/contracts/auth-mini.ts';
import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '#app/features/auth/components/auth-layout.tsx';
import { SignInForm } from '#app/features/auth/components/sign-in-form.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useDocumentTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearchSchema,
  component: SignInPage,
});

function SignInPage() {
  const search = Route.useSearch();
  const brand = useBrand();
  useDocumentTitle(`${brand.name} | Sign In`);
  return (
    <AuthLayout>
      <SignInForm search={search} />
    </AuthLayout>
  );
}
