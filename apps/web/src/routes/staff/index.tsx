import { createFileRoute } from '@tanstack/react-router';
import { StaffWelcome } from '#app/features/staff/components/staff-welcome.tsx';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/staff/')({
  component: StaffHome,
});

function StaffHome() {
  const { staff } = Route.useRouteContext();
  usePageTitle('Staff console');
  return <StaffWelcome staff={staff} />;
}
