import { createFileRoute } from '@tanstack/react-router';
import { creatorQueryOptions } from '#app/features/staff-creators/api/get-creator.ts';
import { CreatorPage } from '#app/features/staff-creators/components/creator-page.tsx';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// One creator in the staff console: her profile, plan, usage, records, support and the grants.
export const Route = createFileRoute('/staff/creators/$id')({
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(creatorQueryOptions(params.id));
  },
  component: Creator,
});

function Creator() {
  const { id } = Route.useParams();
  usePageTitle('Creator');
  return <CreatorPage id={id} />;
}
