// GET /api/notifications/unread-count: the badge in the user menu and the count on /notifications.
// Shared (lib) because the shell's menu shows it on every page. Asked again every minute and when the
// window regains focus, so a notification raised meanwhile shows without a reload.
import { unreadCountSchema, type UnreadCount } from '@shark/contracts/notifications.ts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export const UNREAD_REFRESH_MS = 60_000;

/** Keyed by the user, under the notifications' key: invalidating her notifications refreshes it too. */
export const unreadNotificationsQueryKey = (userId: string) =>
  ['notifications', userId, 'unread-count'] as const;

export function getUnreadNotifications(signal?: AbortSignal): Promise<UnreadCount> {
  return api.get('/api/notifications/unread-count', unreadCountSchema, signal);
}

export function unreadNotificationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: unreadNotificationsQueryKey(userId),
    queryFn: ({ signal }) => getUnreadNotifications(signal),
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** 0 until known (and when the count cannot be loaded): the badge is a hint, never a blocker. */
export function useUnreadNotifications(userId: string): number {
  return useQuery(unreadNotificationsQueryOptions(userId)).data?.unread ?? 0;
}

/** Everything about her notifications: the lists, the count. */
export async function invalidateNotifications(
  queryClient: QueryClient,
  userId: string,
): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['notifications', userId] });
}
