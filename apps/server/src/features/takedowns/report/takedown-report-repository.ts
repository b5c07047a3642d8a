// The dashboard's and the report's reads: the figures come from the counts the database keeps per
// account (dashboard_count), and the report is read a keyset page at a time (report-rows-repository.ts;
// exports read the same pages in batches), so an account with 100,000 takedowns costs the server a
// page of rows, never all of them.
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { dashboardCount, takedown, takedownEvent } from '@shark/db/schema.ts';
import { SITE_KINDS, type SiteKindName } from '@shark/contracts/findings.ts';
import type { TakedownStatus } from '@shark/contracts/takedown-report.ts';
import { createReportRowsRepository } from './report-rows-repository.ts';

export type { PageSide, ReportRow, SortKey } from './report-rows-repository.ts';

const KNOWN_SITE_KIND_SET = new Set<string>(SITE_KINDS.filter((k) => k !== 'other'));
/** A site kind as stored (null stored as '') as the dashboard names it. */
const asSiteKind = (raw: string): SiteKindName =>
  KNOWN_SITE_KIND_SET.has(raw) ? (raw as SiteKindName) : 'other';

export interface TakedownTotals {
  confirmed: number;
  noticesSent: number;
  removed: number;
  pending: number;
  /** Notice sent before the cutoff (older than the response window). */
  enforcedBeforeCutoff: number;
  /** Of those, removed. */
  removedOfEnforced: number;
  /** Likeness takedowns: opened, still open, removed. */
  likeness: number;
  likenessPending: number;
  likenessRemoved: number;
}

/** The creator's likeness findings, by review state, counted in one pass. */
export interface LikenessFindingCounts {
  /** Every likeness finding, whatever its status. */
  any: number;
  /** Waiting for her review, and not handed to Shark's team. */
  awaitingReview: number;
  /** Waiting for her review, handed to Shark's team. */
  withShark: number;
  /** Not dismissed (rejected or whitelisted). */
  found: number;
}

export type Bucket = 'day' | 'week' | 'month';

export interface SeriesCounts {
  found: Map<string, number>;
  removed: Map<string, number>;
  noticesSent: Map<string, number>;
}

export interface ActivityRow {
  id: number;
  takedownId: string;
  at: Date;
  fromStatus: TakedownStatus | null;
  toStatus: TakedownStatus;
  detail: string | null;
  host: string;
  pageUrl: string;
}

export function createTakedownReportRepository(db: Database) {
  const rows = createReportRowsRepository(db);
  /** The account's kept totals of these metrics (see dashboard_count). */
  async function counted(userId: string, metrics: string[]): Promise<Map<string, number>> {
    const rows = await db
      .select({ metric: dashboardCount.metric, n: dashboardCount.n })
      .from(dashboardCount)
      .where(
        and(
          eq(dashboardCount.userId, userId),
          inArray(dashboardCount.metric, metrics),
          eq(dashboardCount.key, ''),
        ),
      );
    return new Map(rows.map((r) => [r.metric, r.n]));
  }

  return {
    ...rows,

    /** Findings not dismissed by the creator (rejected or whitelisted). */
    async countFound(userId: string): Promise<number> {
      return (await counted(userId, ['found'])).get('found') ?? 0;
    },

    /** Her likeness findings by review state. */
    async likenessFindingCounts(userId: string): Promise<LikenessFindingCounts> {
      const n = await counted(userId, [
        'likeness_findings',
        'likeness_awaiting_review',
        'likeness_with_shark',
        'likeness_found',
      ]);
      return {
        any: n.get('likeness_findings') ?? 0,
        awaitingReview: n.get('likeness_awaiting_review') ?? 0,
        withShark: n.get('likeness_with_shark') ?? 0,
        found: n.get('likeness_found') ?? 0,
      };
    },

    /**
     * Every takedown figure of the dashboard: the kept counts, less the notices sent since the cutoff
     * for the removal rate (only the response window's takedowns are read, by time).
     */
    async totals(userId: string, cutoff: Date): Promise<TakedownTotals> {
      const cutoffAt = sql`${cutoff.toISOString()}::timestamptz`;
      const [n, [recent]] = await Promise.all([
        counted(userId, [
          'confirmed',
          'notices_sent',
          'removed',
          'pending',
          'removed_after_notice',
          'likeness',
          'likeness_pending',
          'likeness_removed',
        ]),
        db
          .select({
            notices: sql<number>`count(*)::int`,
            removed: sql<number>`(count(*) filter (where ${takedown.status} = 'removed'))::int`,
          })
          .from(takedown)
          .where(and(eq(takedown.userId, userId), sql`${takedown.noticeSentAt} >= ${cutoffAt}`)),
      ]);
      const of = (metric: string) => n.get(metric) ?? 0;
      return {
        confirmed: of('confirmed'),
        noticesSent: of('notices_sent'),
        removed: of('removed'),
        pending: of('pending'),
        enforcedBeforeCutoff: of('notices_sent') - (recent?.notices ?? 0),
        removedOfEnforced: of('removed_after_notice') - (recent?.removed ?? 0),
        likeness: of('likeness'),
        likenessPending: of('likeness_pending'),
        likenessRemoved: of('likeness_removed'),
      };
    },

    /** Counts per bucket (its first day, YYYY-MM-DD in UTC) from the day of `since` (midnight UTC). */
    async series(userId: string, bucket: Bucket, since: Date): Promise<SeriesCounts> {
      const unit = sql.raw(`'${bucket}'`);
      const bucketOf = sql<string>`to_char(date_trunc(${unit}, ${dashboardCount.key}::timestamp), 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          metric: dashboardCount.metric,
          bucket: bucketOf,
          n: sql<number>`sum(${dashboardCount.n})::int`,
        })
        .from(dashboardCount)
        .where(
          and(
            eq(dashboardCount.userId, userId),
            inArray(dashboardCount.metric, ['found_on', 'removed_on', 'notices_sent_on']),
            gte(dashboardCount.key, since.toISOString().slice(0, 10)),
          ),
        )
        .groupBy(dashboardCount.metric, sql`2`);
      const of = (metric: string) =>
        new Map(rows.filter((r) => r.metric === metric).map((r) => [r.bucket, r.n]));
      return {
        found: of('found_on'),
        removed: of('removed_on'),
        noticesSent: of('notices_sent_on'),
      };
    },

    /** Found (findings not dismissed) and removed (takedowns) per kind of site. */
    async bySiteKind(
      userId: string,
    ): Promise<{ found: Map<SiteKindName, number>; removed: Map<SiteKindName, number> }> {
      const rows = await db
        .select({ metric: dashboardCount.metric, key: dashboardCount.key, n: dashboardCount.n })
        .from(dashboardCount)
        .where(
          and(
            eq(dashboardCount.userId, userId),
            inArray(dashboardCount.metric, ['found_by_site_kind', 'removed_by_site_kind']),
          ),
        );
      const found = new Map<SiteKindName, number>();
      const removed = new Map<SiteKindName, number>();
      for (const row of rows) {
        const kind = asSiteKind(row.key);
        const into = row.metric === 'found_by_site_kind' ? found : removed;
        into.set(kind, (into.get(kind) ?? 0) + row.n);
      }
      return { found, removed };
    },

    /** The latest status changes of the creator's takedowns, newest first. */
    async recentActivity(userId: string, limit: number): Promise<ActivityRow[]> {
      return db
        .select({
          id: takedownEvent.id,
          takedownId: takedownEvent.takedownId,
          at: takedownEvent.at,
          fromStatus: takedownEvent.fromStatus,
          toStatus: takedownEvent.toStatus,
          detail: takedownEvent.detail,
          host: takedown.host,
          pageUrl: takedown.pageUrl,
        })
        .from(takedownEvent)
        .innerJoin(takedown, eq(takedown.id, takedownEvent.takedownId))
        .where(eq(takedownEvent.userId, userId))
        .orderBy(desc(takedownEvent.at), desc(takedownEvent.id))
        .limit(limit);
    },
  };
}

export type TakedownReportRepository = ReturnType<typeof createTakedownReportRepository>;
