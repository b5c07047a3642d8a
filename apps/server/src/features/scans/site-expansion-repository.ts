// The state of searching a site further (its sitemap, listings, own search, pagination) once copies
// were found there: in a scan, whether its expansion was planned and how many pages it spent (scan_site);
// across scans, the sites that yielded copies per creator (creator_site) and, for sites outside the
// catalog, across creators (discovered_site).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { creatorSite, discoveredSite, scanSite } from '@shark/db/schema.ts';

export interface RememberedSite {
  site: string;
  origin: string;
  /** A page of the site that held a copy of hers (null for a site accepted for everyone). */
  samplePageUrl: string | null;
}

export function createSiteExpansionRepository(db: Database) {
  return {
    /**
     * Marks the site's expansion planned in this scan; true for the one call that did it (a site met
     * again, or a call that lost a race, gets false).
     */
    async claimExpansion(scanId: string, site: string, origin: string): Promise<boolean> {
      const rows = await db
        .insert(scanSite)
        .values({ scanId, site, origin, expanded: true })
        .onConflictDoUpdate({
          target: [scanSite.scanId, scanSite.site],
          set: { expanded: true },
          setWhere: eq(scanSite.expanded, false),
        })
        .returning({ site: scanSite.site });
      return rows.length > 0;
    },

    /**
     * Spends `n` pages of the site's expansion budget in this scan if that many are left; false when
     * they are not (or the site's expansion was never planned in this scan).
     */
    async spendPages(scanId: string, site: string, n: number, budget: number): Promise<boolean> {
      const rows = await db
        .update(scanSite)
        .set({ expansionPages: sql`${scanSite.expansionPages} + ${n}` })
        .where(
          and(
            eq(scanSite.scanId, scanId),
            eq(scanSite.site, site),
            eq(scanSite.expanded, true),
            sql`${scanSite.expansionPages} + ${n} <= ${budget}`,
          ),
        )
        .returning({ site: scanSite.site });
      return rows.length > 0;
    },

    /** Pages the site's expansion has spent in this scan (0 when it has none). */
    async pagesSpent(scanId: string, site: string): Promise<number> {
      const [row] = await db
        .select({ pages: scanSite.expansionPages })
        .from(scanSite)
        .where(and(eq(scanSite.scanId, scanId), eq(scanSite.site, site)));
      return row?.pages ?? 0;
    },

    /**
     * Remembers that a page of the site held a copy of the creator's: her creator_site row, and the
     * site's discovered_site row when the catalog does not know it. A copy counts once (`isNewCopy`: the
     * finding was created by this call); the page and the time are refreshed every time.
     */
    async rememberSite(row: {
      userId: string;
      site: string;
      origin: string;
      pageUrl: string;
      isNewCopy: boolean;
      isCatalogued: boolean;
    }): Promise<void> {
      const now = new Date();
      const added = row.isNewCopy ? 1 : 0;
      await db
        .insert(creatorSite)
        .values({
          userId: row.userId,
          site: row.site,
          origin: row.origin,
          samplePageUrl: row.pageUrl,
          copies: added,
          firstFoundAt: now,
          lastFoundAt: now,
        })
        .onConflictDoUpdate({
          target: [creatorSite.userId, creatorSite.site],
          set: {
            origin: row.origin,
            samplePageUrl: row.pageUrl,
            copies: sql`${creatorSite.copies} + ${added}`,
            lastFoundAt: now,
          },
        });
      if (row.isCatalogued) return;
      await db
        .insert(discoveredSite)
        .values({
          site: row.site,
          origin: row.origin,
          copies: added,
          firstFoundAt: now,
          lastFoundAt: now,
        })
        .onConflictDoUpdate({
          target: discoveredSite.site,
          set: { copies: sql`${discoveredSite.copies} + ${added}`, lastFoundAt: now },
        });
    },

    /** Gives a discovered site the name its pages give it, unless it has one. */
    async nameSite(site: string, name: string): Promise<void> {
      await db
        .update(discoveredSite)
        .set({ name })
        .where(and(eq(discoveredSite.site, site), isNull(discoveredSite.name)));
    },

    /** The sites where the creator's copies were found, most recently found first. */
    async rememberedSites(userId: string, limit: number): Promise<RememberedSite[]> {
      return db
        .select({
          site: creatorSite.site,
          origin: creatorSite.origin,
          samplePageUrl: creatorSite.samplePageUrl,
        })
        .from(creatorSite)
        .where(eq(creatorSite.userId, userId))
        .orderBy(desc(creatorSite.lastFoundAt))
        .limit(limit);
    },

    /** Discovered sites staff accepted: searched in every creator's scan, most recently found first. */
    async acceptedSites(limit: number): Promise<RememberedSite[]> {
      const rows = await db
        .select({ site: discoveredSite.site, origin: discoveredSite.origin })
        .from(discoveredSite)
        .where(eq(discoveredSite.status, 'accepted'))
        .orderBy(desc(discoveredSite.lastFoundAt))
        .limit(limit);
      return rows.map((r) => ({ ...r, samplePageUrl: null }));
    },
  };
}

export type SiteExpansionRepository = ReturnType<typeof createSiteExpansionRepository>;
