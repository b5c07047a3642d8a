import { createFileRoute } from '@tanstack/react-router';
import { myBadgeQueryOptions } from '#app/features/dmca-badges/api/get-my-badge.ts';
import { DmcaBadgesPage } from '#app/features/dmca-badges/components/dmca-badges-page.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/dmca-badges')({
  beforeLoad: async ({ context, location }) => ({
    badgeOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.dmcaBadges,
    ),
  }),
  // Started early but not awaited: the disclaimer texts are useful even if the badge fails to load.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myBadgeQueryOptions(context.badgeOwner.id));
  },
  component: DmcaBadges,
});

function DmcaBadges() {
  const brand = useBrand();
  const user = useUser();
  usePageTitle('DMCA Badges');
  return <DmcaBadgesPage brand={{ name: brand.name, color: brand.theme.dark }} userId={user.id} />;
}
