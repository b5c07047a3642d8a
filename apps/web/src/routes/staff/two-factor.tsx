import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { TwoFactorSetup } from '#app/features/staff/components/two-factor-setup.tsx';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// The only staff page that opens before two-factor is on (the layout's guard sends staff here).
export const Route = createFileRoute('/staff/two-factor')({
  component: TwoFactorSetupPage,
});

function TwoFactorSetupPage() {
  const { staff } = Route.useRouteContext();
  const navigate = useNavigate();
  usePageTitle('Two-factor authentication');
  return (
    <TwoFactorSetup
      email={staff.email}
      onDone={() => {
        toast.success('Two-factor authentication is on', {
          description: 'You will be asked for a code from your app at each sign-in.',
        });
        void navigate({ to: '/staff' });
      }}
    />
  );
}
