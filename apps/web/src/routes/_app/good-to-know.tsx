import { createFileRoute } from '@tanstack/react-router';
import { GoodToKnowPage } from '#app/features/good-to-know/components/good-to-know-page.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/good-to-know')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.goodToKnow);
  },
  component: GoodToKnow,
});

function GoodToKnow() {
  const brand = useBrand();
  usePageTitle('Good to Know');
  return <GoodToKnowPage brandName={brand.name} contactUrl={brand.links.contact} />;
}
