// The dashboard's figures counted from scratch over every takedown and finding of the account (as the
// summary read them before the counts were kept): tests compare the kept counts with these.
import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { finding, takedown } from '@shark/db/schema.ts';
import { SITE_KINDS, type SiteKindName } from '@shark/contracts/findings.ts';
import { OPEN_TAKEDOWN_STATUSES } from '@shark/contracts/takedown-report.ts';
import {
  createTakedownReportRepository,
  type Bucket,
  type TakedownReportRepository,
} from '#server/features/takedowns/report/takedown-report-repository.ts';

const DISMISSED = ['rejected', 'whitelisted'] as const;
const KNOWN_SITE_KINDS = sql.raw(
  SITE_KINDS.filter((k) => k !== 'other')
    .map((k) => `'${k}'`)
    .join(', '),
);
const siteKindOf = (column: SQL | typeof takedown.siteKind | typeof finding.siteKind) =>
  sql<SiteKindName>`(case when ${column} in (${KNOWN_SITE_KINDS}) then ${column} else 'other' end)`;

/** The report's repository with every dashboard figure counted over all of the account's rows. */
export function recountingRepository(db: Database): TakedownReportRepository {
  const notDismissed = notInArray(finding.status, [...DISMISSED]);
  return {
    ...createTakedownReportRepository(db),

    async countFound(userId) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(finding)
        .where(and(eq(finding.userId, userId), notDismissed));
      return row?.n ?? 0;
    },

    async likenessFindingCounts(userId) {
      const isPending = eq(finding.status, 'pending_review');
      const [row] = await db
        .select({
          any: sql<number>`count(*)::int`,
          awaitingReview: sql<number>`(count(*) filter (where ${isPending} and ${finding.staffReviewRequestedAt} is null))::int`,
          withShark: sql<number>`(count(*) filter (where ${isPending} and ${finding.staffReviewRequestedAt} is not null))::int`,
          found: sql<number>`(count(*) filter (where ${notDismissed}))::int`,
        })
        .from(finding)
        .where(and(eq(finding.userId, userId), eq(finding.kind, 'likeness')));
      return row!;
    },

    async totals(userId, cutoff) {
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
      return row!;
    },

    async series(userId, bucket: Bucket, since) {
      const from = sql`${since.toISOString()}::timestamptz`;
      const unit = sql.raw(`'${bucket}'`);
      const bucketOf = (column: SQL) =>
        sql<string>`to_char(date_trunc(${unit}, ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
      const count = sql<number>`count(*)::int`;
      const toMap = (rows: { bucket: string; n: number }[]) =>
        new Map(rows.map((r) => [r.bucket, r.n]));
      const found = await db
        .select({ bucket: bucketOf(sql`${finding.firstSeenAt}`), n: count })
        .from(finding)
        .where(
          and(eq(finding.userId, userId), notDismissed, sql`${finding.firstSeenAt} >= ${from}`),
        )
        .groupBy(sql`1`);
      const byTime = (column: typeof takedown.removedAt | typeof takedown.noticeSentAt) =>
        db
          .select({ bucket: bucketOf(sql`${column}`), n: count })
          .from(takedown)
          .where(and(eq(takedown.userId, userId), sql`${column} >= ${from}`))
          .groupBy(sql`1`);
      return {
        found: toMap(found),
        removed: toMap(await byTime(takedown.removedAt)),
        noticesSent: toMap(await byTime(takedown.noticeSentAt)),
      };
    },

    async bySiteKind(userId) {
      const found = await db
        .select({ kind: siteKindOf(finding.siteKind), n: sql<number>`count(*)::int` })
        .from(finding)
        .where(and(eq(finding.userId, userId), notDismissed))
        .groupBy(sql`1`);
      const removed = await db
        .select({ kind: siteKindOf(takedown.siteKind), n: sql<number>`count(*)::int` })
        .from(takedown)
        .where(and(eq(takedown.userId, userId), eq(takedown.status, 'removed')))
        .groupBy(sql`1`);
      return {
        found: new Map(found.map((r) => [r.kind, r.n])),
        removed: new Map(removed.map((r) => [r.kind, r.n])),
      };
    },
  };
}
