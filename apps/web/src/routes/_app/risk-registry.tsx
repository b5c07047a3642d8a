import { createFileRoute } from '@tanstack/react-router';
import { riskRegistryQueryOptions } from '#app/features/risk-registry/api/get-risk-registry.ts';
import { RiskRegistryPage } from '#app/features/risk-registry/components/risk-registry-page.tsx';
import { queryOf, registrySearchSchema } from '#app/features/risk-registry/lib/registry-search.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/risk-registry')({
  validateSearch: registrySearchSchema,
  beforeLoad: async ({ context, location }) => ({
    registryReader: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.signedIn,
    ),
  }),
  // The open tab or entry does not change the page of entries.
  loaderDeps: ({ search }) => queryOf(search),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(
      riskRegistryQueryOptions(context.registryReader.id, deps),
    );
  },
  component: ScamRegistry,
});

function ScamRegistry() {
  const search = Route.useSearch();
  const user = useUser();
  usePageTitle('Scam Registry');
  return <RiskRegistryPage userId={user.id} search={search} />;
}
