import { createFileRoute } from '@tanstack/react-router';
import { queueCountsQueryOptions } from '#app/features/staff-queue/api/get-queue-counts.ts';
import { workQueueQueryOptions } from '#app/features/staff-queue/api/get-work-queue.ts';
import { WorkQueuePage } from '#app/features/staff-queue/components/work-queue-page.tsx';
import { apiQueryOf, queueSearchSchema } from '#app/features/staff-queue/lib/queue-search.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// The staff gate (a staff role, two-factor on) is the /staff layout's; the API answers 404 to anyone else.
export const Route = createFileRoute('/staff/queue/')({
  validateSearch: queueSearchSchema,
  beforeLoad: async ({ context, location }) => ({
    agent: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.signedIn,
    ),
  }),
  loaderDeps: ({ search }) => apiQueryOf(search),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(workQueueQueryOptions(deps));
    void context.queryClient.prefetchQuery(queueCountsQueryOptions());
  },
  component: WorkQueue,
});

function WorkQueue() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle('Work queue');
  return (
    <WorkQueuePage search={search} onSearchChange={(next) => void navigate({ search: next })} />
  );
}
