// /notifications: her notifications (all or unread only), marking them read, and which categories
// also come by e-mail.
import { CheckCheck } from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx';
import type { NotificationFilter } from '#app/features/notifications/api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '#app/features/notifications/api/mark-read.ts';
import { EmailPreferencesSection } from '#app/features/notifications/components/email-preferences-section.tsx';
import { NotificationList } from '#app/features/notifications/components/notification-list.tsx';
import { unreadLabel } from '#app/features/notifications/lib/format.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { useUnreadNotifications } from '#app/lib/queries/get-unread-notifications.ts';

export function NotificationsPage({
  userId,
  filter,
  onFilterChange,
}: {
  userId: string;
  filter: NotificationFilter;
  onFilterChange: (filter: NotificationFilter) => void;
}) {
  const unread = useUnreadNotifications(userId);
  const markAll = useMarkAllNotificationsRead(userId);
  return (
    <PageFrame
      title="Notifications"
      description="What happened in your account: new findings, removals, answers to your notices, scans and billing."
      actions={
        <Button
          variant="outline"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {markAll.isPending ? <Spinner /> : <CheckCheck aria-hidden="true" />}
          Mark all as read
        </Button>
      }
    >
      <div className="grid gap-8">
        <div className="grid gap-4">
          <p role="status" className="text-sm text-muted-foreground">
            {unread === 0 ? 'No unread notifications.' : `${unreadLabel(unread)}.`}
          </p>
          {markAll.isError ? (
            <Alert variant="error">
              Your notifications could not be marked as read.{' '}
              {isApiClientError(markAll.error) ? markAll.error.message : 'Try again in a moment.'}
            </Alert>
          ) : null}
          <Tabs
            value={filter}
            onValueChange={(value) => onFilterChange(value === 'unread' ? 'unread' : 'all')}
          >
            <TabsList aria-label="Show">
              <TabsTrigger value="all">All</TabsTrigger>
              <TabsTrigger value="unread">Unread{unread > 0 ? ` (${unread})` : ''}</TabsTrigger>
            </TabsList>
            {(['all', 'unread'] as const).map((value) => (
              <TabsContent key={value} value={value} className="mt-4">
                <NotificationList
                  userId={userId}
                  filter={value}
                  onShowAll={() => onFilterChange('all')}
                />
              </TabsContent>
            ))}
          </Tabs>
        </div>
        <EmailPreferencesSection userId={userId} />
      </div>
    </PageFrame>
  );
}
