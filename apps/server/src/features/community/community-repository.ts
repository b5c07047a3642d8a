// Community posts: the visible ones a page at a time (pinned first, then newest), and the operator's
// list, new posts and archiving.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { communityPost } from '@shark/db/schema.ts';

export type CommunityPostRow = typeof communityPost.$inferSelect;
export type NewCommunityPostRow = typeof communityPost.$inferInsert;

export function createCommunityRepository(db: Database) {
  const visible = isNull(communityPost.archivedAt);
  return {
    async listVisible(
      offset: number,
      limit: number,
    ): Promise<{ rows: CommunityPostRow[]; total: number }> {
      const rows = await db
        .select()
        .from(communityPost)
        .where(visible)
        .orderBy(
          desc(communityPost.pinned),
          desc(communityPost.publishedAt),
          desc(communityPost.id),
        )
        .offset(offset)
        .limit(limit);
      const [row] = await db.select({ n: count() }).from(communityPost).where(visible);
      return { rows, total: row?.n ?? 0 };
    },

    /** Every post, archived ones too, newest first. */
    async listAll(): Promise<CommunityPostRow[]> {
      return db
        .select()
        .from(communityPost)
        .orderBy(desc(communityPost.publishedAt), desc(communityPost.id));
    },

    async insert(row: NewCommunityPostRow): Promise<CommunityPostRow> {
      const [inserted] = await db.insert(communityPost).values(row).returning();
      if (!inserted) throw new Error('community post missing after insert');
      return inserted;
    },

    async findById(id: string): Promise<CommunityPostRow | undefined> {
      const [row] = await db.select().from(communityPost).where(eq(communityPost.id, id)).limit(1);
      return row;
    },

    /** Archives a post that is not archived yet; undefined when there is none such. */
    async archive(id: string, at: Date): Promise<CommunityPostRow | undefined> {
      const [row] = await db
        .update(communityPost)
        .set({ archivedAt: at })
        .where(and(eq(communityPost.id, id), visible))
        .returning();
      return row;
    },
  };
}

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;
