import { createFileRoute, Link } from '@tanstack/react-router';
import { Package } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/marketing/welcome-package')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: WelcomePackagePage,
});

function WelcomePackagePage() {
  usePageTitle('Welcome Package');
  return (
    <PageFrame title="Welcome Package">
      <EmptyState
        icon={Package}
        title="Your welcome package will be here"
        action={
          <Button asChild variant="outline">
            <Link to="/marketing/social-share">Go to Social Share</Link>
          </Button>
        }
      >
        Your welcome kit will be here: a guide to getting started and material to announce your
        protection.
      </EmptyState>
    </PageFrame>
  );
}
