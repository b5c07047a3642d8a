// Notifications (/notifications, /api/notifications/*): what happened in her account (new findings,
// removals, answers to notices, billing, scans…), read and unread, and which categories also come by
// e-mail. The public e-mail settings page (/email-settings/subscription/{token}) changes the same
// choices without signing in.
import { z } from 'zod';

/** The same list as the database's (packages/db/src/schema.ts NOTIFICATION_CATEGORIES). */
export const NOTIFICATION_CATEGORIES = [
  'findings',
  'removals',
  'notice_responses',
  'billing',
  'scans',
  'affiliate',
  'community',
  'support',
] as const;
export const notificationCategorySchema = z.enum(NOTIFICATION_CATEGORIES, {
  error: 'Choose a notification category.',
});
export type NotificationCategory = z.infer<typeof notificationCategorySchema>;

/** How each category is named and explained, on /notifications and on the e-mail settings page. */
export const NOTIFICATION_CATEGORY_INFO: Record<
  NotificationCategory,
  { label: string; description: string }
> = {
  findings: {
    label: 'New findings',
    description: 'A scan found new copies of your content or accounts posing as you.',
  },
  removals: { label: 'Confirmed removals', description: 'A page carrying your content is gone.' },
  notice_responses: {
    label: 'Answers to notices',
    description: 'A site or host answered a takedown notice sent for you.',
  },
  billing: {
    label: 'Billing',
    description: 'Your subscription started, changed or was cancelled, or a payment failed.',
  },
  scans: { label: 'Scans', description: 'A scan of the web for your content finished.' },
  affiliate: {
    label: 'Affiliate programme',
    description: 'Sign-ups and earnings from your referral link.',
  },
  community: { label: 'Community', description: 'Announcements and resources for creators.' },
  support: { label: 'Support', description: 'Our team answered one of your support requests.' },
};

/**
 * E-mail when she has not chosen: on for what needs her (new findings to review, answers to notices,
 * billing, the team's answers to her support requests) or is the result she pays for (removals);
 * off for routine news (every scan finishing, affiliate activity, community posts), which stay in the
 * app.
 */
export const DEFAULT_EMAIL_PREFERENCES: Record<NotificationCategory, boolean> = {
  findings: true,
  removals: true,
  notice_responses: true,
  billing: true,
  scans: false,
  affiliate: false,
  community: false,
  support: true,
};

export const notificationSchema = z.object({
  id: z.string(),
  category: notificationCategorySchema,
  title: z.string(),
  body: z.string(),
  /** An app path to open (e.g. /takedown-report), or null. */
  link: z.string().nullable(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /api/notifications: newest first, a keyset page at a time; `filter=unread` for unread only. */
export const notificationQuerySchema = z.object({
  filter: z.enum(['all', 'unread'], { error: 'Filter by all or unread.' }).optional(),
  /** Opaque cursor from the previous page. */
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  /** Over all of her notifications, whatever the filter. */
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const markAllReadResultSchema = z.object({ marked: z.number().int() });
export type MarkAllReadResult = z.infer<typeof markAllReadResultSchema>;

export const notificationIdSchema = z.string().min(1).max(200);

const choice = z.boolean({ error: 'Choose on or off.' });

/** On or off for each category's e-mails. */
export const emailPreferencesSchema = z.strictObject(
  {
    findings: choice,
    removals: choice,
    notice_responses: choice,
    billing: choice,
    scans: choice,
    affiliate: choice,
    community: choice,
    support: choice,
  },
  { error: 'Send a choice for each category.' },
);
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** GET /api/email-settings/subscription/{token}: what the page shows, without signing in. */
export const subscriptionSettingsSchema = z.object({
  /** The address the e-mails go to, partly hidden (the link may be forwarded). */
  email: z.string(),
  preferences: emailPreferencesSchema,
  /** Every category off. */
  isUnsubscribedFromAll: z.boolean(),
  /** When this link stops working. */
  linkExpiresAt: z.string(),
});
export type SubscriptionSettings = z.infer<typeof subscriptionSettingsSchema>;

/** The token of an e-mail settings link (signed, expiring: see the server's subscription-token.ts). */
export const subscriptionTokenSchema = z
  .string()
  .min(1, 'The link is incomplete.')
  .max(1000, 'The link is not valid.');
