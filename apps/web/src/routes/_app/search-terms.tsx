import { createFileRoute, Link } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/search-terms')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.searchTerms);
  },
  component: SearchEnginesPage,
});

function SearchEnginesPage() {
  usePageTitle('Search Engines');
  return (
    <PageFrame title="Search Engines">
      <EmptyState
        icon={Search}
        title="Your search-engine removals will appear here"
        action={
          <Button asChild variant="outline">
            <Link to="/whitelist">Go to Whitelist</Link>
          </Button>
        }
      >
        Here you will see the terms we watch on Google, Bing and other search engines, and the
        results we asked them to remove.
      </EmptyState>
    </PageFrame>
  );
}
