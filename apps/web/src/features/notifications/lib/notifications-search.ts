// /notifications?filter=unread: which notifications the list shows (bad values fall back to all).
import * as z from 'zod/mini';

export const notificationsSearchSchema = z.object({
  filter: z.catch(z.optional(z.enum(['all', 'unread'])), undefined),
});
export type NotificationsSearch = z.infer<typeof notificationsSearchSchema>;
