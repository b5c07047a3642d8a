// Clearnet mirrors of onion sites (onion_mirror): written when a scan reads an onion page that names
// one, read when findings on a mirror are shown.
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { onionMirror } from '@shark/db/schema.ts';

export function createOnionMirrorRepository(db: Database) {
  return {
    /** Records that `onionHost` names `mirrorHost` as its mirror (on `foundOn`), or that it still does. */
    async link(links: { onionHost: string; mirrorHost: string; foundOn: string }[]): Promise<void> {
      if (links.length === 0) return;
      await db
        .insert(onionMirror)
        .values(links)
        .onConflictDoUpdate({
          target: [onionMirror.onionHost, onionMirror.mirrorHost],
          set: { foundOn: sql`excluded.found_on`, lastSeenAt: sql`now()` },
        });
    },

    /** The onion hosts each of these clearnet hosts mirrors (hosts that mirror none are left out). */
    async onionsOf(mirrorHosts: string[]): Promise<Map<string, string[]>> {
      const byHost = new Map<string, string[]>();
      if (mirrorHosts.length === 0) return byHost;
      const rows = await db
        .select({ onionHost: onionMirror.onionHost, mirrorHost: onionMirror.mirrorHost })
        .from(onionMirror)
        .where(inArray(onionMirror.mirrorHost, [...new Set(mirrorHosts)]))
        .orderBy(onionMirror.firstSeenAt, onionMirror.onionHost);
      for (const row of rows)
        byHost.set(row.mirrorHost, [...(byHost.get(row.mirrorHost) ?? []), row.onionHost]);
      return byHost;
    },
  };
}

export type OnionMirrorRepository = ReturnType<typeof createOnionMirrorRepository>;
