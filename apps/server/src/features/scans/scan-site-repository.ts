// Each site's state within one scan (keyed by its site key): whether it was given up as unreachable,
// why, and how many of the scan's tasks were skipped for it. A new scan starts with no rows, so it
// tries every site again.
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { scanSite } from '@shark/db/schema.ts';
import type { SiteUnreachableReason } from '@shark/contracts/scans.ts';
import { originOf, siteKeyOf } from '@shark/engine/discovery/site-key.ts';

export type ScanSiteRow = typeof scanSite.$inferSelect;

export function createScanSiteRepository(db: Database) {
  return {
    /**
     * Gives the site of `url` up for the rest of the scan; the first mark stands (a second, from a task
     * that failed at the same moment, changes nothing). Null for a URL that is not a web address.
     */
    async markUnreachable(
      scanId: string,
      url: string,
      reason: SiteUnreachableReason,
      message: string,
    ): Promise<ScanSiteRow | null> {
      const site = siteKeyOf(url);
      const origin = originOf(url);
      if (site === null || origin === null) return null;
      const [row] = await db
        .insert(scanSite)
        .values({
          scanId,
          site,
          origin,
          unreachableReason: reason,
          unreachableMessage: message,
          unreachableAt: new Date(),
        })
        .onConflictDoUpdate({
          target: [scanSite.scanId, scanSite.site],
          set: {
            unreachableReason: sql`coalesce(${scanSite.unreachableReason}, excluded.unreachable_reason)`,
            unreachableMessage: sql`coalesce(${scanSite.unreachableMessage}, excluded.unreachable_message)`,
            unreachableAt: sql`coalesce(${scanSite.unreachableAt}, excluded.unreachable_at)`,
          },
        })
        .returning();
      return row ?? null;
    },

    /** The site of `url` if this scan gave it up, else null. */
    async unreachableSite(scanId: string, url: string): Promise<ScanSiteRow | null> {
      const site = siteKeyOf(url);
      if (site === null) return null;
      const [row] = await db
        .select()
        .from(scanSite)
        .where(
          and(
            eq(scanSite.scanId, scanId),
            eq(scanSite.site, site),
            isNotNull(scanSite.unreachableReason),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Counts one more of the scan's tasks skipped because `site` (a site key) was given up. */
    async countSkipped(scanId: string, site: string): Promise<void> {
      await db
        .update(scanSite)
        .set({ skippedTasks: sql`${scanSite.skippedTasks} + 1` })
        .where(and(eq(scanSite.scanId, scanId), eq(scanSite.site, site)));
    },

    /** Every site the scan has a row for, by site key. */
    async listForScan(scanId: string): Promise<ScanSiteRow[]> {
      return db
        .select()
        .from(scanSite)
        .where(eq(scanSite.scanId, scanId))
        .orderBy(asc(scanSite.site));
    },
  };
}

export type ScanSiteRepository = ReturnType<typeof createScanSiteRepository>;
