import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '#app/features/dashboard/components/dashboard-page.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { useDocumentTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/dashboard')({
  component: Dashboard,
});

function Dashboard() {
  const user = useUser();
  const brand = useBrand();
  useDocumentTitle(`${brand.name} | Dashboard`);
  return <DashboardPage user={user} />;
}
