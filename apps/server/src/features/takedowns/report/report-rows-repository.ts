// The takedown report's rows: a keyset page at a time in the report's order (the exports read the same
// pages in batches), with the filters, and whether rows lie beyond a page for its links.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { TAKEDOWN_KINDS, takedown, takedownRecipient } from '@shark/db/schema.ts';
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

export function createReportRowsRepository(db: Database) {
  return {
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
      // Each chosen row looks up its recipient through the unique (takedown, level) index. As a plain
      // join the planner hashes every recipient of every takedown for each page: an export reading
      // page after page would read the whole table once per page.
      const recipient = db
        .select({
          name: takedownRecipient.name,
          role: takedownRecipient.role,
          channelKind: takedownRecipient.channelKind,
          address: takedownRecipient.address,
        })
        .from(takedownRecipient)
        .where(
          and(
            eq(takedownRecipient.takedownId, chosen.id),
            eq(takedownRecipient.level, chosen.level),
          ),
        )
        .limit(1)
        .as('recipient');
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
          recipientName: recipient.name,
          recipientRole: recipient.role,
          recipientChannel: recipient.channelKind,
          recipientAddress: recipient.address,
          sortValue: chosen.sortValue,
        })
        .from(chosen)
        .leftJoinLateral(recipient, sql`true`)
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
