// Words and formats of the notifications screens.
import {
  NOTIFICATION_CATEGORY_INFO,
  type NotificationCategory,
} from '@shark/contracts/notifications.ts';

export const categoryLabel = (category: NotificationCategory): string =>
  NOTIFICATION_CATEGORY_INFO[category].label;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export const formatNotificationTime = (iso: string): string => dateTime.format(new Date(iso));
export const formatDay = (iso: string): string => dateOnly.format(new Date(iso));

/** Only a path inside the app is followed (never another site, nor a protocol-relative `//host`). */
export function isAppPath(link: string | null): link is string {
  return link !== null && link.startsWith('/') && !link.startsWith('//');
}

export const unreadLabel = (n: number): string =>
  n === 1 ? '1 unread notification' : `${n} unread notifications`;
