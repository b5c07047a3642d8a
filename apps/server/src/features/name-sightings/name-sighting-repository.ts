// The name_sighting table: pages naming the creator with no sign of a leak, one row per creator and page.
import { and, desc, eq, exists, not, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { finding, nameSighting } from '@shark/db/schema.ts';

export type NameSightingRow = typeof nameSighting.$inferSelect;

/** Rows read for one list: far more pages than anyone reviews by hand. */
const LIST_LIMIT = 5000;

export function createNameSightingRepository(db: Database) {
  /** A leak finding on the same page: it says more than the sighting, which is then not shown. */
  const leakOnPage = exists(
    db
      .select({ id: finding.id })
      .from(finding)
      .where(
        and(
          eq(finding.userId, nameSighting.userId),
          eq(finding.normalizedUrl, nameSighting.normalizedUrl),
          eq(finding.kind, 'leak'),
        ),
      ),
  );

  return {
    /** Records the page, or moves an earlier sighting of it to this scan. */
    async upsert(row: {
      id: string;
      userId: string;
      site: string;
      pageUrl: string;
      normalizedUrl: string;
      pageTitle: string | null;
      scanId: string | null;
      seenAt: Date;
    }): Promise<void> {
      await db
        .insert(nameSighting)
        .values({
          id: row.id,
          userId: row.userId,
          site: row.site,
          pageUrl: row.pageUrl,
          normalizedUrl: row.normalizedUrl,
          pageTitle: row.pageTitle,
          lastScanId: row.scanId,
          firstSeenAt: row.seenAt,
          lastSeenAt: row.seenAt,
        })
        .onConflictDoUpdate({
          target: [nameSighting.userId, nameSighting.normalizedUrl],
          set: {
            pageUrl: row.pageUrl,
            site: row.site,
            pageTitle: sql`coalesce(excluded.page_title, ${nameSighting.pageTitle})`,
            lastScanId: row.scanId,
            lastSeenAt: row.seenAt,
          },
        });
    },

    async hasLeakOnPage(userId: string, normalizedUrl: string): Promise<boolean> {
      const rows = await db
        .select({ id: finding.id })
        .from(finding)
        .where(
          and(
            eq(finding.userId, userId),
            eq(finding.normalizedUrl, normalizedUrl),
            eq(finding.kind, 'leak'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Her sightings, newest first, without pages that have a leak finding. */
    async list(userId: string): Promise<NameSightingRow[]> {
      return db
        .select()
        .from(nameSighting)
        .where(and(eq(nameSighting.userId, userId), not(leakOnPage)))
        .orderBy(desc(nameSighting.lastSeenAt), desc(nameSighting.id))
        .limit(LIST_LIMIT);
    },

    /** Removes her sightings of one site; how many there were. */
    async deleteSite(userId: string, site: string): Promise<number> {
      const removed = await db
        .delete(nameSighting)
        .where(and(eq(nameSighting.userId, userId), eq(nameSighting.site, site)))
        .returning({ id: nameSighting.id });
      return removed.length;
    },

    async countSite(userId: string, site: string): Promise<number> {
      return db.$count(
        nameSighting,
        and(eq(nameSighting.userId, userId), eq(nameSighting.site, site)),
      );
    },
  };
}

export type NameSightingRepository = ReturnType<typeof createNameSightingRepository>;
