import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { affiliateQueryOptions } from '#app/features/affiliates/api/get-affiliate.ts';
import { AffiliateDashboard } from '#app/features/affiliates/components/affiliate-dashboard.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

const referSearchSchema = z.object({
  /** The commissions table's page (1-based). */
  page: z.catch(
    z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
    undefined,
  ),
});

export const Route = createFileRoute('/_app/refer/')({
  validateSearch: referSearchSchema,
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  // A failed load is shown by the page itself, with a retry.
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(affiliateQueryOptions).catch(() => undefined),
  component: AffiliateDashboardPage,
});

function AffiliateDashboardPage() {
  usePageTitle('Affiliate Dashboard');
  const { page = 1 } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <PageFrame
      title="Affiliate Dashboard"
      description="Share your link, follow what it brings, and ask for your earnings."
    >
      <AffiliateDashboard
        page={page}
        onPage={(next) =>
          void navigate({ search: { page: next === 1 ? undefined : next }, resetScroll: false })
        }
      />
    </PageFrame>
  );
}
