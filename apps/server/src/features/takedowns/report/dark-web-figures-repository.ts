// The dashboard's dark web figures: her findings on Tor onion sites and their takedowns. Each count
// reads only onion rows, through partial indexes whose predicates are these expressions (schema:
// finding_dark_web_idx, takedown_dark_web_idx), so an account with 100,000 clearnet takedowns costs
// nothing more here.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { finding, takedown } from '@shark/db/schema.ts';

/** A finding on an onion host (its normalised URL starts with the host). */
const ON_ONION_FINDING = sql`${finding.normalizedUrl} ~ '^[^/?]*[.]onion([:/?]|$)'`;
/** A takedown of a page on an onion host. */
const ON_ONION_TAKEDOWN = sql`${takedown.host} like '%.onion'`;

export interface DarkWebFigures {
  /** Every onion finding, whatever its status. */
  any: number;
  /** Not dismissed (rejected or whitelisted). */
  found: number;
  takedowns: number;
  noticesSent: number;
  removed: number;
  /** Closed without a notice: the onion site gave no contact. */
  noContact: number;
}

export function createDarkWebFiguresRepository(db: Database) {
  return {
    async darkWebFigures(userId: string): Promise<DarkWebFigures> {
      const [findings, takedowns] = await Promise.all([
        db
          .select({
            any: sql<number>`count(*)::int`,
            found: sql<number>`(count(*) filter (where ${finding.status} not in ('rejected', 'whitelisted')))::int`,
          })
          .from(finding)
          .where(and(eq(finding.userId, userId), ON_ONION_FINDING)),
        db
          .select({
            takedowns: sql<number>`count(*)::int`,
            noticesSent: sql<number>`(count(*) filter (where ${takedown.noticeSentAt} is not null))::int`,
            removed: sql<number>`(count(*) filter (where ${takedown.status} = 'removed'))::int`,
            noContact: sql<number>`(count(*) filter (where ${takedown.status} = 'closed' and ${takedown.noticeSentAt} is null))::int`,
          })
          .from(takedown)
          .where(and(eq(takedown.userId, userId), ON_ONION_TAKEDOWN)),
      ]);
      return {
        any: findings[0]?.any ?? 0,
        found: findings[0]?.found ?? 0,
        takedowns: takedowns[0]?.takedowns ?? 0,
        noticesSent: takedowns[0]?.noticesSent ?? 0,
        removed: takedowns[0]?.removed ?? 0,
        noContact: takedowns[0]?.noContact ?? 0,
      };
    },
  };
}

export type DarkWebFiguresRepository = ReturnType<typeof createDarkWebFiguresRepository>;
