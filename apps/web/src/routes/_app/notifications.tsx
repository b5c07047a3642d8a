import { createFileRoute, Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/notifications')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: NotificationsPage,
});

function NotificationsPage() {
  usePageTitle('Notifications');
  return (
    <PageFrame title="Notifications">
      <EmptyState
        icon={Bell}
        title="Your notifications will appear here"
        action={
          <Button asChild variant="outline">
            <Link to="/account">Go to Account</Link>
          </Button>
        }
      >
        Alerts about new leaks found, completed takedowns and your subscription will appear here.
      </EmptyState>
    </PageFrame>
  );
}
