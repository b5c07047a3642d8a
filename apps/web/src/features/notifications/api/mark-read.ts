// POST /api/notifications/{id}/read and /api/notifications/read-all. Either refreshes her lists and the
// unread count in the user menu.
import {
  markAllReadResultSchema,
  notificationSchema,
  type MarkAllReadResult,
  type Notification,
} from '@shark/contracts/notifications.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { invalidateNotifications } from '#app/lib/queries/get-unread-notifications.ts';

export function markNotificationRead(id: string): Promise<Notification> {
  return api.post(`/api/notifications/${encodeURIComponent(id)}/read`, {}, notificationSchema);
}

export function markAllNotificationsRead(): Promise<MarkAllReadResult> {
  return api.post('/api/notifications/read-all', {}, markAllReadResultSchema);
}

export function useMarkNotificationRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => invalidateNotifications(queryClient, userId),
  });
}

export function useMarkAllNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => invalidateNotifications(queryClient, userId),
  });
}
