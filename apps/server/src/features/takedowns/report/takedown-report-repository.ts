// The dashboard's and the report's reads: the figures come from the counts the database keeps per
// account (dashboard_count), and the report is read a keyset page at a time (exports read the same pages in batches), so an account
// with 100,000 takedowns costs the server a page of rows, never all of them.
import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  TAKEDOWN_KINDS,
  dashboardCount,
  takedown,
  takedownEvent,
  takedownRecipient,
} from '@shark/db/schema.ts';
import { SITE_KINDS, type SiteKindName } from '@shark/contracts/findings.ts';
import {
  TAKEDOWN_STATUSES,
  type SortDirection,
  type TakedownFilters,
  type TakedownSort,
  type TakedownStatus,
} from '@shark/contracts/takedown-report.ts';

/** A page whose catalog kind is unknown (or a kind this version does not know) counts as other. */
const KNOWN_SITE_KINDS = SITE_KINDS.filter((k) => k !== 'other');
// Constants inlined, so that the same expression in select, where and order by is the same text.
const KNOWN_SITE_KIND_LIST = sql.raw(KNOWN_SITE_KINDS.map((k) => `'${k}'`).join(', '));
const siteKindOf = (column: typeof takedown.siteKind) =>
  sql<SiteKindName>`(case when ${column} in (${KNOWN_SITE_KIND_LIST}) then ${column} else 'other' end)`;
const KNOWN_SITE_KIND_SET = new Set<string>(KNOWN_SITE_KINDS);
/** A site kind as stored (null stored as '') as the dashboard names it. */
const asSiteKind = (raw: string): SiteKindName =>
  KNOWN_SITE_KIND_SET.has(raw) ? (raw as SiteKindName) : 'other';

/** The lifecycle's order, for sorting by status (a takedown further along sorts later). */
const STATUS_ORDER: Record<TakedownStatus, number> = {
  confirmed: 0,
  notice_sent: 1,
  no_response: 2,
  rejected: 3,
  escalated: 4,
  removed: 5,
  closed: 6,
};
// Inlined (constants, not input): as parameters their type would be unknown and the case would be text.
const statusOrdinal = sql<number>`(case ${takedown.status} ${sql.raw(
  TAKEDOWN_STATUSES.map((s) => `when '${s}' then ${STATUS_ORDER[s]}`).join(' '),
)} end)`;

export interface SortKey {
  /** The sort column's value as Postgres prints it (exact, to the microsecond), and the row's id. */
  value: string;
  id: string;
}

/** Which side of a key a page lies on: `after` follows the order, `before` goes back against it. */
export type PageSide = 'after' | 'before';

export interface ReportRow {
  id: string;
  status: TakedownStatus;
  kind: (typeof TAKEDOWN_KINDS)[number];
  pageUrl: string;
  host: string;
  siteKind: SiteKindName;
  confirmedAt: Date;
  noticeSentAt: Date | null;
  removedAt: Date | null;
  lastCheckedAt: Date | null;
  recipientName: string | null;
  recipientRole: 'site' | 'cdn' | 'host' | 'registrar' | null;
  recipientChannel: 'email' | 'form' | null;
  recipientAddress: string | null;
  sortValue: string;
}

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

/**
 * The sort expression and how a cursor's text is read back. Dates that may be missing sort last in
 * both directions: a sentinel (±infinity) stands in for them so that the keyset stays one comparison.
 */
function sortExpression(
  sort: TakedownSort,
  dir: SortDirection,
): { expr: SQL; cast: (value: string) => SQL } {
  const asTime = (value: string) => sql`${value}::timestamptz`;
  const missingLast = dir === 'asc' ? sql`'infinity'::timestamptz` : sql`'-infinity'::timestamptz`;
  switch (sort) {
    case 'confirmedAt':
      return { expr: sql`${takedown.confirmedAt}`, cast: asTime };
    case 'noticeSentAt':
      return { expr: sql`coalesce(${takedown.noticeSentAt}, ${missingLast})`, cast: asTime };
    case 'removedAt':
      return { expr: sql`coalesce(${takedown.removedAt}, ${missingLast})`, cast: asTime };
    case 'status':
      return { expr: sql`${statusOrdinal}`, cast: (value) => sql`${value}::int` };
    case 'host':
      return { expr: sql`${takedown.host}`, cast: (value) => sql`${value}::text` };
  }
}

/** `%`, `_` and `\` typed by the creator are searched for as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterConditions(userId: string, filters: TakedownFilters): SQL[] {
  const conditions: SQL[] = [eq(takedown.userId, userId)];
  if (filters.status && filters.status.length > 0)
    conditions.push(inArray(takedown.status, [...new Set(filters.status)]));
  if (filters.kind) conditions.push(eq(takedown.kind, filters.kind));
  if (filters.siteKind)
    conditions.push(sql`${siteKindOf(takedown.siteKind)} = ${filters.siteKind}`);
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(
      sql`(${takedown.pageUrl} ilike ${pattern} or ${takedown.host} ilike ${pattern})`,
    );
  }
  if (filters.from)
    conditions.push(sql`${takedown.confirmedAt} >= ${`${filters.from}T00:00:00Z`}::timestamptz`);
  if (filters.to)
    conditions.push(
      sql`${takedown.confirmedAt} < (${`${filters.to}T00:00:00Z`}::timestamptz + interval '1 day')`,
    );
  return conditions;
}

export function createTakedownReportRepository(db: Database) {
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

    async count(userId: string, filters: TakedownFilters): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(takedown)
        .where(and(...filterConditions(userId, filters)));
      return row?.n ?? 0;
    },

    /**
     * Up to `limit` rows in the filters' order, after (or, going back, before) `key`; rows come back
     * in the order of the report either way.
     */
    async page(
      userId: string,
      filters: TakedownFilters,
      key: SortKey | null,
      side: PageSide,
      limit: number,
    ): Promise<ReportRow[]> {
      const { expr, cast } = sortExpression(filters.sort, filters.dir);
      const isForward = side === 'after';
      const ascending = (filters.dir === 'asc') === isForward;
      const conditions = filterConditions(userId, filters);
      if (key) {
        conditions.push(
          ascending
            ? sql`(${expr}, ${takedown.id}) > (${cast(key.value)}, ${key.id})`
            : sql`(${expr}, ${takedown.id}) < (${cast(key.value)}, ${key.id})`,
        );
      }
      // The page is chosen from the takedowns alone, and only its rows meet their recipients.
      const chosen = db
        .select({
          id: takedown.id,
          status: takedown.status,
          kind: takedown.kind,
          pageUrl: takedown.pageUrl,
          host: takedown.host,
          siteKind: sql<SiteKindName>`${siteKindOf(takedown.siteKind)}`.as('site_kind_name'),
          level: takedown.level,
          confirmedAt: takedown.confirmedAt,
          noticeSentAt: takedown.noticeSentAt,
          removedAt: takedown.removedAt,
          lastCheckedAt: takedown.lastCheckedAt,
          sortKey: sql`${expr}`.as('sort_key'),
          sortValue: sql<string>`(${expr})::text`.as('sort_value'),
        })
        .from(takedown)
        .where(and(...conditions))
        .orderBy(...(ascending ? [asc(expr), asc(takedown.id)] : [desc(expr), desc(takedown.id)]))
        .limit(limit)
        .as('chosen');
      const rows = await db
        .select({
          id: chosen.id,
          status: chosen.status,
          kind: chosen.kind,
          pageUrl: chosen.pageUrl,
          host: chosen.host,
          siteKind: chosen.siteKind,
          confirmedAt: chosen.confirmedAt,
          noticeSentAt: chosen.noticeSentAt,
          removedAt: chosen.removedAt,
          lastCheckedAt: chosen.lastCheckedAt,
          recipientName: takedownRecipient.name,
          recipientRole: takedownRecipient.role,
          recipientChannel: takedownRecipient.channelKind,
          recipientAddress: takedownRecipient.address,
          sortValue: chosen.sortValue,
        })
        .from(chosen)
        .leftJoin(
          takedownRecipient,
          and(
            eq(takedownRecipient.takedownId, chosen.id),
            eq(takedownRecipient.level, chosen.level),
          ),
        )
        .orderBy(
          ...(ascending
            ? [asc(chosen.sortKey), asc(chosen.id)]
            : [desc(chosen.sortKey), desc(chosen.id)]),
        );
      return isForward ? rows : rows.reverse();
    },

    /** Whether any row of the filters lies on `side` of `key` (for the report's previous and next links). */
    async hasRows(
      userId: string,
      filters: TakedownFilters,
      key: SortKey,
      side: PageSide,
    ): Promise<boolean> {
      const { expr, cast } = sortExpression(filters.sort, filters.dir);
      const ascending = (filters.dir === 'asc') === (side === 'after');
      const beyond = ascending
        ? sql`(${expr}, ${takedown.id}) > (${cast(key.value)}, ${key.id})`
        : sql`(${expr}, ${takedown.id}) < (${cast(key.value)}, ${key.id})`;
      const rows = await db
        .select({ id: takedown.id })
        .from(takedown)
        .where(and(...filterConditions(userId, filters), beyond))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type TakedownReportRepository = ReturnType<typeof createTakedownReportRepository>;
