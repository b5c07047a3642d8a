import { createFileRoute } from '@tanstack/react-router';
import { socialShareQueryOptions } from '#app/features/marketing/api/get-social-share.ts';
import { SocialSharePage } from '#app/features/marketing/components/social-share-page.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/marketing/social-share')({
  beforeLoad: async ({ context, location }) => ({
    shareOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.signedIn,
    ),
  }),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(socialShareQueryOptions(context.shareOwner.id));
  },
  component: SocialShare,
});

function SocialShare() {
  const user = useUser();
  usePageTitle('Social Share');
  return <SocialSharePage userId={user.id} />;
}
