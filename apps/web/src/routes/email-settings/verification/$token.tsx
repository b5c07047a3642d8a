import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '#app/features/auth/components/auth-layout.tsx';
import { VerifyEmailView } from '#app/features/auth/components/verify-email-view.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useDocumentTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/email-settings/verification/$token')({
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { token } = Route.useParams();
  const brand = useBrand();
  useDocumentTitle(`${brand.name} | Verify E-mail`);
  return (
    <AuthLayout>
      <VerifyEmailView token={token} />
    </AuthLayout>
  );
}
