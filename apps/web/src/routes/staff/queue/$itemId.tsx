import { createFileRoute } from '@tanstack/react-router';
import { workItemQueryOptions } from '#app/features/staff-queue/api/get-work-item.ts';
import { WorkItemPage } from '#app/features/staff-queue/components/work-item-page.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// The staff gate (a staff role, two-factor on) is the /staff layout's; the API answers 404 to anyone else.
export const Route = createFileRoute('/staff/queue/$itemId')({
  beforeLoad: async ({ context, location }) => ({
    agent: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.signedIn,
    ),
  }),
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(workItemQueryOptions(params.itemId));
  },
  component: WorkItem,
});

function WorkItem() {
  const { itemId } = Route.useParams();
  const user = useUser();
  usePageTitle('Work item');
  return <WorkItemPage itemId={itemId} staffUserId={user.id} />;
}
