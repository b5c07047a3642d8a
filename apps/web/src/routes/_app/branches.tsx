import { createFileRoute, Link } from '@tanstack/react-router';
import { FolderOpen } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/branches')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.branches);
  },
  component: YourContentPage,
});

function YourContentPage() {
  usePageTitle('Your Content');
  return (
    <PageFrame title="Your Content">
      <EmptyState
        icon={FolderOpen}
        title="Your content will be described here"
        action={
          <Button asChild variant="outline">
            <Link to="/brands">Go to Accounts</Link>
          </Button>
        }
      >
        Here you will describe the content we watch for you, such as sets, series and the platforms
        you sell on, so that copies can be matched to your work.
      </EmptyState>
    </PageFrame>
  );
}
