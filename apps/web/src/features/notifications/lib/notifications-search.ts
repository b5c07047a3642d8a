// /notifications?filter=unread: which notifications the list shows (bad values fall back to all).
import { z } from 'zod';

export const notificationsSearchSchema = z.object({
  filter: z.enum(['all', 'unread']).optional().catch(undefined),
});
export type NotificationsSearch = z.infer<typeof notificationsSearchSchema>;
