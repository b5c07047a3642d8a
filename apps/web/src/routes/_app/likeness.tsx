import { createFileRoute } from '@tanstack/react-router';
import { likenessQueryOptions } from '#app/features/likeness/api/get-likeness.ts';
import { LikenessPage } from '#app/features/likeness/components/likeness-page.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/likeness')({
  beforeLoad: async ({ context, location }) => ({
    likenessOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.likeness,
    ),
  }),
  // Started early but not awaited: a plan without deep fake protection shows the page's own message.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(likenessQueryOptions(context.likenessOwner.id));
  },
  component: Likeness,
});

function Likeness() {
  const user = useUser();
  usePageTitle('Deep fake protection');
  return <LikenessPage userId={user.id} />;
}
