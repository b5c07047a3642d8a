import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { affiliateTermsQueryOptions } from '#app/features/affiliates/api/get-affiliate-terms.ts';
import { AffiliateTerms } from '#app/features/affiliates/components/affiliate-terms.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/refer/refer-aff-tos')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(affiliateTermsQueryOptions).catch(() => undefined),
  component: AffiliateTermsPage,
});

function AffiliateTermsPage() {
  const brand = useBrand();
  usePageTitle('Affiliate Terms');
  return (
    <PageFrame
      title="Affiliate Terms"
      description={`The terms of the ${brand.name} affiliate programme.`}
    >
      <AffiliateTerms brandName={brand.name} contactUrl={brand.links.contact} />
    </PageFrame>
  );
}
