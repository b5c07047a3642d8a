import { createFileRoute, Link } from '@tanstack/react-router';
import { UsersRound } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/community')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: CommunityPage,
});

function CommunityPage() {
  const brand = useBrand();
  usePageTitle('Community');
  return (
    <PageFrame title="Community">
      <EmptyState
        icon={UsersRound}
        title="The community will meet here"
        action={
          <Button asChild variant="outline">
            <Link to="/notifications">Go to Notifications</Link>
          </Button>
        }
      >
        A place to talk with other creators protected by {brand.name}: questions, advice and news
        about leaks.
      </EmptyState>
    </PageFrame>
  );
}
