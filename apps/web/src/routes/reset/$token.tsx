import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '#app/features/auth/components/auth-layout.tsx';
import { NewPasswordForm } from '#app/features/auth/components/new-password-form.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useDocumentTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/reset/$token')({
  component: NewPasswordPage,
});

function NewPasswordPage() {
  const { token } = Route.useParams();
  const brand = useBrand();
  useDocumentTitle(`${brand.name} | Reset Password`);
  return (
    <AuthLayout>
      <NewPasswordForm token={token} />
    </AuthLayout>
  );
}
