import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '#app/features/auth/components/auth-layout.tsx';
import { ResetRequestForm } from '#app/features/auth/components/reset-request-form.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useDocumentTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/reset/')({
  component: ResetRequestPage,
});

function ResetRequestPage() {
  const brand = useBrand();
  useDocumentTitle(`${brand.name} | Reset Password`);
  return (
    <AuthLayout>
      <ResetRequestForm />
    </AuthLayout>
  );
}
