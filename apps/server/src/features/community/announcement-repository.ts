// What the announcement sweep reads: the recent announcements, and the accounts that existed when one
// went out and have no notification of it yet.
import { and, asc, eq, gt, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { communityPost, notification, user } from '@shark/db/schema.ts';

export interface AnnouncementPost {
  id: string;
  title: string;
  body: string;
  publishedAt: Date;
}

export function createAnnouncementRepository(db: Database) {
  return {
    /** Announcements published in (since, at], not archived. */
    published(since: Date, at: Date): Promise<AnnouncementPost[]> {
      return db
        .select({
          id: communityPost.id,
          title: communityPost.title,
          body: communityPost.body,
          publishedAt: communityPost.publishedAt,
        })
        .from(communityPost)
        .where(
          and(
            eq(communityPost.kind, 'announcement'),
            isNull(communityPost.archivedAt),
            gt(communityPost.publishedAt, since),
            lte(communityPost.publishedAt, at),
          ),
        );
    },

    /** Accounts not yet told of the post, in id order after `after`, at most `limit`. */
    async untold(
      post: { id: string; publishedAt: Date },
      after: string | null,
      limit: number,
    ): Promise<string[]> {
      const rows = await db
        .select({ id: user.id })
        .from(user)
        .where(
          and(
            lte(user.createdAt, post.publishedAt),
            after === null ? undefined : gt(user.id, after),
            notExists(
              db
                .select({ one: sql`1` })
                .from(notification)
                .where(
                  and(
                    eq(notification.userId, user.id),
                    eq(notification.dedupeKey, `community:${post.id}`),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(user.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}

export type AnnouncementRepository = ReturnType<typeof createAnnouncementRepository>;
