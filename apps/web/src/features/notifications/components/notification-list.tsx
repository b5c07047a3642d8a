// Her notifications, newest first: category, time, what happened, where to look, and whether she has
// read it. Opening one marks it read; so does its button; "Mark all as read" does the lot.
import type { Notification } from '@shark/contracts/notifications.ts';
import { useRouter } from '@tanstack/react-router';
import { Bell, CheckCheck } from 'lucide-react';
import { ListLoadError, ListLoading, ShowMoreButton } from '#app/components/paged-list-states.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import {
  useNotifications,
  type NotificationFilter,
} from '#app/features/notifications/api/get-notifications.ts';
import { useMarkNotificationRead } from '#app/features/notifications/api/mark-read.ts';
import {
  categoryLabel,
  formatNotificationTime,
  isAppPath,
} from '#app/features/notifications/lib/format.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { cn } from '#app/lib/utils.ts';

export function NotificationList({
  userId,
  filter,
  onShowAll,
}: {
  userId: string;
  filter: NotificationFilter;
  onShowAll: () => void;
}) {
  const list = useNotifications(userId, filter);
  const markRead = useMarkNotificationRead(userId);

  if (list.isPending)
    return <ListLoading label="Loading your notifications" itemClassName="h-24" />;
  if (list.isError) {
    return (
      <ListLoadError
        what="Your notifications"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const items = list.data.pages.flatMap((page) => page.notifications);
  const total = list.data.pages[0]?.total ?? 0;
  if (total === 0) {
    return (
      <EmptyState icon={Bell} title="No notifications yet">
        When a scan finds your content, a page is taken down, a site answers a notice or your
        subscription changes, you will see it here.
      </EmptyState>
    );
  }
  if (items.length === 0) {
    return (
      <div className="grid justify-items-start gap-3 rounded-2xl border bg-card p-6 text-sm">
        <p className="flex items-center gap-2 font-medium">
          <CheckCheck aria-hidden="true" className="size-4 text-success" />
          You have read all your notifications.
        </p>
        <Button variant="outline" size="sm" onClick={onShowAll}>
          Show all {total} notifications
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      {markRead.isError ? (
        <Alert variant="error">
          The notification could not be marked as read.{' '}
          {isApiClientError(markRead.error) ? markRead.error.message : 'Try again in a moment.'}
        </Alert>
      ) : null}
      <ul aria-label="Notifications" className="grid gap-3">
        {items.map((item) => (
          <NotificationItem
            key={item.id}
            notification={item}
            isMarking={markRead.isPending && markRead.variables === item.id}
            onMarkRead={() => markRead.mutate(item.id)}
          />
        ))}
      </ul>
      <ShowMoreButton
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        onShowMore={() => void list.fetchNextPage()}
      />
    </div>
  );
}

function NotificationItem({
  notification,
  isMarking,
  onMarkRead,
}: {
  notification: Notification;
  isMarking: boolean;
  onMarkRead: () => void;
}) {
  const router = useRouter();
  const { isRead, link } = notification;
  return (
    <li
      aria-label={`${isRead ? '' : 'Unread: '}${notification.title}`}
      className={cn(
        'grid gap-2 rounded-2xl border p-4 text-sm',
        isRead ? 'bg-card' : 'border-primary/40 bg-accent/40',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        {isRead ? null : (
          <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />
        )}
        <Badge variant={isRead ? 'secondary' : 'default'}>{isRead ? 'Read' : 'Unread'}</Badge>
        <Badge variant="outline">{categoryLabel(notification.category)}</Badge>
        <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
          {formatNotificationTime(notification.createdAt)}
        </time>
      </div>
      <p className={cn('text-base', isRead ? 'font-medium' : 'font-semibold')}>
        {notification.title}
      </p>
      <p className="text-muted-foreground">{notification.body}</p>
      <div className="flex flex-wrap gap-2">
        {isAppPath(link) ? (
          <Button asChild size="sm" variant="outline">
            <a
              href={link}
              onClick={(event) => {
                event.preventDefault();
                if (!isRead) onMarkRead();
                router.history.push(link);
              }}
            >
              Open
            </a>
          </Button>
        ) : null}
        {isRead ? null : (
          <Button size="sm" variant="ghost" disabled={isMarking} onClick={onMarkRead}>
            Mark as read
          </Button>
        )}
      </div>
    </li>
  );
}
