import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { AffiliateTips } from '#app/features/affiliates/components/affiliate-tips.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/refer/tips')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: AffiliateTipsPage,
});

function AffiliateTipsPage() {
  const brand = useBrand();
  usePageTitle('Affiliate Tips');
  return (
    <PageFrame
      title="Affiliate Tips"
      description={`How affiliates bring creators to ${brand.name}, and what to avoid.`}
    >
      <AffiliateTips brandName={brand.name} />
    </PageFrame>
  );
}
