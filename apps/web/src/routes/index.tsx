import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '#app/features/landing/components/landing-page.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useDocumentTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  const brand = useBrand();
  useDocumentTitle(`${brand.name} | Content protection for creators`);
  return <LandingPage />;
}
