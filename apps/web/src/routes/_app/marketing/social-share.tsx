import { createFileRoute, Link } from '@tanstack/react-router';
import { Share2 } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/marketing/social-share')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: SocialSharePage,
});

function SocialSharePage() {
  usePageTitle('Social Share');
  return (
    <PageFrame title="Social Share">
      <EmptyState
        icon={Share2}
        title="Posts to share will be here"
        action={
          <Button asChild variant="outline">
            <Link to="/marketing/welcome-package">Go to Welcome Package</Link>
          </Button>
        }
      >
        Ready-made posts and images will be here to tell your fans, and anyone thinking of leaking,
        that your content is protected.
      </EmptyState>
    </PageFrame>
  );
}
