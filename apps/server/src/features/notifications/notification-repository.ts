// The notifications' I/O: notification and notification_preference rows, and what a notification
// about a finished scan reads of the scan and its findings.
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  agentAuthorization,
  finding,
  notification,
  notificationPreference,
  scan,
  user,
} from '@shark/db/schema.ts';
import type { NotificationCategory } from '@shark/contracts/notifications.ts';

export type NotificationRow = typeof notification.$inferSelect;

export interface NewNotification {
  id: string;
  userId: string;
  category: NotificationCategory;
  title: string;
  body: string;
  link: string | null;
  dedupeKey: string;
}

/** Keyset position in the newest-first order. */
export interface NotificationCursor {
  createdAt: Date;
  id: string;
}

export function createNotificationRepository(db: Database) {
  return {
    /** The new row, or null when this user already has one with the dedupe key. */
    async insert(row: NewNotification): Promise<NotificationRow | null> {
      const [inserted] = await db
        .insert(notification)
        .values(row)
        .onConflictDoNothing({ target: [notification.userId, notification.dedupeKey] })
        .returning();
      return inserted ?? null;
    },

    async byId(id: string): Promise<NotificationRow | undefined> {
      const [row] = await db.select().from(notification).where(eq(notification.id, id));
      return row;
    },

    async page(
      userId: string,
      options: { unreadOnly: boolean; after: NotificationCursor | null; limit: number },
    ): Promise<NotificationRow[]> {
      const { after } = options;
      return db
        .select()
        .from(notification)
        .where(
          and(
            eq(notification.userId, userId),
            options.unreadOnly ? isNull(notification.readAt) : undefined,
            after
              ? or(
                  lt(notification.createdAt, after.createdAt),
                  and(eq(notification.createdAt, after.createdAt), lt(notification.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(notification.createdAt), desc(notification.id))
        .limit(options.limit);
    },

    async counts(userId: string): Promise<{ total: number; unread: number }> {
      const [row] = await db
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where ${notification.readAt} is null)::int`,
        })
        .from(notification)
        .where(eq(notification.userId, userId));
      return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
    },

    /** Marks her notification read (kept as first read); undefined when it is not hers. */
    async markRead(userId: string, id: string, at: Date): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notification)
        .set({ readAt: sql`coalesce(${notification.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(notification.id, id), eq(notification.userId, userId)))
        .returning();
      return row;
    },

    async markAllRead(userId: string, at: Date): Promise<number> {
      const rows = await db
        .update(notification)
        .set({ readAt: at })
        .where(and(eq(notification.userId, userId), isNull(notification.readAt)))
        .returning({ id: notification.id });
      return rows.length;
    },

    /** Her choices; a category she never chose is missing (its default applies). */
    async preferences(userId: string): Promise<Partial<Record<NotificationCategory, boolean>>> {
      const rows = await db
        .select()
        .from(notificationPreference)
        .where(eq(notificationPreference.userId, userId));
      return Object.fromEntries(rows.map((r) => [r.category, r.email]));
    },

    async savePreferences(
      userId: string,
      choices: Record<NotificationCategory, boolean>,
    ): Promise<void> {
      const values = Object.entries(choices).map(([category, email]) => ({
        userId,
        category: category as NotificationCategory,
        email,
      }));
      await db
        .insert(notificationPreference)
        .values(values)
        .onConflictDoUpdate({
          target: [notificationPreference.userId, notificationPreference.category],
          set: { email: sql`excluded.email`, updatedAt: new Date() },
        });
    },

    async user(userId: string): Promise<{ id: string; name: string; email: string } | undefined> {
      const [row] = await db
        .select({ id: user.id, name: user.name, email: user.email })
        .from(user)
        .where(eq(user.id, userId));
      return row;
    },

    async userIdByEmail(email: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: user.id })
        .from(user)
        .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
      return row?.id;
    },

    /** The brand she appointed last (her mails come from it); undefined before she signed any. */
    async brandIdOf(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ brandId: agentAuthorization.brandId })
        .from(agentAuthorization)
        .where(eq(agentAuthorization.userId, userId))
        .orderBy(desc(agentAuthorization.signedAt))
        .limit(1);
      return row?.brandId;
    },

    /** A finished scan, with the findings it was the first to see, by status. */
    async scanOutcome(scanId: string): Promise<
      | {
          userId: string;
          status: string;
          trigger: string;
          finishedAt: Date | null;
          newFindings: { pendingReview: number; confirmed: number };
        }
      | undefined
    > {
      const [row] = await db
        .select({
          userId: scan.userId,
          status: scan.status,
          trigger: scan.trigger,
          finishedAt: scan.finishedAt,
        })
        .from(scan)
        .where(eq(scan.id, scanId));
      if (!row) return undefined;
      const [found] = await db
        .select({
          pendingReview: sql<number>`count(*) filter (where ${finding.status} = 'pending_review')::int`,
          confirmed: sql<number>`count(*) filter (where ${finding.status} = 'confirmed')::int`,
        })
        .from(finding)
        .where(and(eq(finding.userId, row.userId), eq(finding.firstScanId, scanId)));
      return {
        ...row,
        newFindings: { pendingReview: found?.pendingReview ?? 0, confirmed: found?.confirmed ?? 0 },
      };
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
