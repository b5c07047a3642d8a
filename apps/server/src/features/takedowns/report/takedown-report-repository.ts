// The dashboard's and the report's reads: every figure is a count or a group-by in the database, and
// the report is read a keyset page at a time (exports read the same pages in batches), so an account
// with 100,000 takedowns costs the server a page of rows, never all of them.
import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  TAKEDOWN_KINDS,
  finding,
  takedown,
  takedownEvent,
  takedownRecipient,
} from '@shark/db/schema.ts';
import { SITE_KINDS, type SiteKindName } from '@shark/contracts/findings.ts';
import {
  OPEN_TAKEDOWN_STATUSES,
  TAKEDOWN_STATUSES,
  type SortDirection,
  type TakedownFilters,
  type TakedownSort,
  type TakedownStatus,
} from '@shark/contracts/takedown-report.ts';

/** Findings the creator did not dismiss: what the dashboard counts as found. */
const DISMISSED_FINDING_STATUSES = ['rejected', 'whitelisted'] as const;

/** A page whose catalog kind is unknown (or a kind this version does not know) counts as other. */
const KNOWN_SITE_KINDS = SITE_KINDS.filter((k) => k !== 'other');
// Constants inlined, so that the same expression in select, where and order by is the same text.
const KNOWN_SITE_KIND_LIST = sql.raw(KNOWN_SITE_KINDS.map((k) => `'${k}'`).join(', '));
const siteKindOf = (column: typeof takedown.siteKind | typeof finding.siteKind) =>
  sql<SiteKindName>`(case when ${column} in (${KNOWN_SITE_KIND_LIST}) then ${column} else 'other' end)`;
/** Group by the first column of the select (the bucket or the kind). */
const FIRST_COLUMN = sql`1`;

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
  return {
    /** Findings not dismissed by the creator (rejected or whitelisted). */
    async countFound(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(finding)
        .where(
          and(
            eq(finding.userId, userId),
            notInArray(finding.status, [...DISMISSED_FINDING_STATUSES]),
          ),
        );
      return row?.n ?? 0;
    },

    /** Her likeness findings by review state: one grouped count over her findings. */
    async likenessFindingCounts(userId: string): Promise<LikenessFindingCounts> {
      const isPending = eq(finding.status, 'pending_review');
      const isDismissed = inArray(finding.status, [...DISMISSED_FINDING_STATUSES]);
      const [row] = await db
        .select({
          any: sql<number>`count(*)::int`,
          awaitingReview: sql<number>`(count(*) filter (where ${isPending} and ${finding.staffReviewRequestedAt} is null))::int`,
          withShark: sql<number>`(count(*) filter (where ${isPending} and ${finding.staffReviewRequestedAt} is not null))::int`,
          found: sql<number>`(count(*) filter (where not ${isDismissed}))::int`,
        })
        .from(finding)
        .where(and(eq(finding.userId, userId), eq(finding.kind, 'likeness')));
      return row ?? { any: 0, awaitingReview: 0, withShark: 0, found: 0 };
    },

    /** Every takedown figure of the dashboard in one pass over the creator's takedowns. */
    async totals(userId: string, cutoff: Date): Promise<TakedownTotals> {
      const cutoffAt = sql`${cutoff.toISOString()}::timestamptz`;
      const isOpen = inArray(takedown.status, [...OPEN_TAKEDOWN_STATUSES]);
      const isLikeness = eq(takedown.kind, 'likeness');
      const [row] = await db
        .select({
          confirmed: sql<number>`count(*)::int`,
          noticesSent: sql<number>`(count(*) filter (where ${takedown.noticeSentAt} is not null))::int`,
          removed: sql<number>`(count(*) filter (where ${takedown.status} = 'removed'))::int`,
          pending: sql<number>`(count(*) filter (where ${isOpen}))::int`,
          enforcedBeforeCutoff: sql<number>`(count(*) filter (where ${takedown.noticeSentAt} < ${cutoffAt}))::int`,
          removedOfEnforced: sql<number>`(count(*) filter (where ${takedown.noticeSentAt} < ${cutoffAt} and ${takedown.status} = 'removed'))::int`,
          likeness: sql<number>`(count(*) filter (where ${isLikeness}))::int`,
          likenessPending: sql<number>`(count(*) filter (where ${isLikeness} and ${isOpen}))::int`,
          likenessRemoved: sql<number>`(count(*) filter (where ${isLikeness} and ${takedown.status} = 'removed'))::int`,
        })
        .from(takedown)
        .where(eq(takedown.userId, userId));
      return (
        row ?? {
          confirmed: 0,
          noticesSent: 0,
          removed: 0,
          pending: 0,
          enforcedBeforeCutoff: 0,
          removedOfEnforced: 0,
          likeness: 0,
          likenessPending: 0,
          likenessRemoved: 0,
        }
      );
    },

    /** Counts per bucket (its first day, YYYY-MM-DD in UTC) since `since`. */
    async series(userId: string, bucket: Bucket, since: Date): Promise<SeriesCounts> {
      const from = sql`${since.toISOString()}::timestamptz`;
      const unit = sql.raw(`'${bucket}'`);
      const bucketOf = (column: SQL | typeof finding.firstSeenAt) =>
        sql<string>`to_char(date_trunc(${unit}, ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
      const toMap = (rows: { bucket: string; n: number }[]) =>
        new Map(rows.map((r) => [r.bucket, r.n]));

      const foundBucket = bucketOf(finding.firstSeenAt);
      const found = await db
        .select({ bucket: foundBucket, n: sql<number>`count(*)::int` })
        .from(finding)
        .where(
          and(
            eq(finding.userId, userId),
            notInArray(finding.status, [...DISMISSED_FINDING_STATUSES]),
            sql`${finding.firstSeenAt} >= ${from}`,
          ),
        )
        .groupBy(FIRST_COLUMN);
      const byTakedownTime = async (
        column: typeof takedown.removedAt | typeof takedown.noticeSentAt,
      ) => {
        const b = bucketOf(sql`${column}`);
        return db
          .select({ bucket: b, n: sql<number>`count(*)::int` })
          .from(takedown)
          .where(and(eq(takedown.userId, userId), sql`${column} >= ${from}`))
          .groupBy(FIRST_COLUMN);
      };
      return {
        found: toMap(found),
        removed: toMap(await byTakedownTime(takedown.removedAt)),
        noticesSent: toMap(await byTakedownTime(takedown.noticeSentAt)),
      };
    },

    /** Found (findings not dismissed) and removed (takedowns) per kind of site. */
    async bySiteKind(
      userId: string,
    ): Promise<{ found: Map<SiteKindName, number>; removed: Map<SiteKindName, number> }> {
      const findingKind = siteKindOf(finding.siteKind);
      const found = await db
        .select({ kind: findingKind, n: sql<number>`count(*)::int` })
        .from(finding)
        .where(
          and(
            eq(finding.userId, userId),
            notInArray(finding.status, [...DISMISSED_FINDING_STATUSES]),
          ),
        )
        .groupBy(FIRST_COLUMN);
      const takedownKind = siteKindOf(takedown.siteKind);
      const removed = await db
        .select({ kind: takedownKind, n: sql<number>`count(*)::int` })
        .from(takedown)
        .where(and(eq(takedown.userId, userId), eq(takedown.status, 'removed')))
        .groupBy(FIRST_COLUMN);
      return {
        found: new Map(found.map((r) => [r.kind, r.n])),
        removed: new Map(removed.map((r) => [r.kind, r.n])),
      };
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
