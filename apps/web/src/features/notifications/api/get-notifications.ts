// GET /api/notifications: her notifications, newest first, a keyset page at a time; all or unread only.
import { notificationPageSchema, type NotificationPage } from '@shark/contracts/notifications.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export type NotificationFilter = 'all' | 'unread';

export const notificationsQueryKey = (userId: string, filter: NotificationFilter) =>
  ['notifications', userId, 'list', filter] as const;

export function getNotifications(
  filter: NotificationFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const search = new URLSearchParams();
  if (filter === 'unread') search.set('filter', 'unread');
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return api.get(`/api/notifications${query ? `?${query}` : ''}`, notificationPageSchema, signal);
}

export function notificationsQueryOptions(userId: string, filter: NotificationFilter) {
  return infiniteQueryOptions({
    queryKey: notificationsQueryKey(userId, filter),
    queryFn: ({ pageParam, signal }) => getNotifications(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useNotifications(userId: string, filter: NotificationFilter) {
  return useInfiniteQuery(notificationsQueryOptions(userId, filter));
}
