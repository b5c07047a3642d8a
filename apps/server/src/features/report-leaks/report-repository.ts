// Rows of Report Leaks (reported_url) and Report Impersonation (impersonation_report), each listed with
// the finding it became, the matched reference's name and the takedown of that finding, if any.
import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  finding,
  impersonationReport,
  referenceFile,
  reportedUrl,
  takedown,
} from '@shark/db/schema.ts';

export type ReportedUrlRow = typeof reportedUrl.$inferSelect;
export type NewReportedUrlRow = typeof reportedUrl.$inferInsert;
export type ImpersonationReportRow = typeof impersonationReport.$inferSelect;
export type NewImpersonationReportRow = typeof impersonationReport.$inferInsert;
export type ReportedUrlStatus = ReportedUrlRow['status'];

export interface FindingSummary {
  id: string;
  status: string;
  confidence: number;
  reference: { id: string; name: string } | null;
}

export interface ReportedUrlView {
  row: ReportedUrlRow;
  finding: FindingSummary | null;
  takedown: { id: string; status: string } | null;
  /** created_at as Postgres writes it (microseconds kept), for the list's cursor. */
  createdKey: string;
}

export interface ImpersonationReportView {
  row: ImpersonationReportRow;
  findingStatus: string | null;
  /** The profile's display name, kept on the finding. */
  displayName: string | null;
  takedown: { id: string; status: string } | null;
  createdKey: string;
}

/** The list position after which the next page starts. */
export interface ListPosition {
  createdAt: string;
  id: string;
}

type Joined = {
  findingId: string | null;
  findingStatus: string | null;
  findingConfidence: number | null;
  referenceId: string | null;
  referenceName: string | null;
  takedownId: string | null;
  takedownStatus: string | null;
};

const joinedColumns = {
  findingId: finding.id,
  findingStatus: finding.status,
  findingConfidence: finding.confidence,
  referenceId: referenceFile.id,
  referenceName: referenceFile.originalName,
  takedownId: takedown.id,
  takedownStatus: takedown.status,
};

function summaryOf(joined: Joined): FindingSummary | null {
  if (
    joined.findingId === null ||
    joined.findingStatus === null ||
    joined.findingConfidence === null
  )
    return null;
  return {
    id: joined.findingId,
    status: joined.findingStatus,
    confidence: joined.findingConfidence,
    reference:
      joined.referenceId !== null && joined.referenceName !== null
        ? { id: joined.referenceId, name: joined.referenceName }
        : null,
  };
}

const takedownOf = (joined: Pick<Joined, 'takedownId' | 'takedownStatus'>) =>
  joined.takedownId !== null && joined.takedownStatus !== null
    ? { id: joined.takedownId, status: joined.takedownStatus }
    : null;

export function createReportRepository(db: Database) {
  const reportedViews = () =>
    db
      .select({
        row: reportedUrl,
        ...joinedColumns,
        createdKey: sql<string>`${reportedUrl.createdAt}::text`,
      })
      .from(reportedUrl)
      .leftJoin(finding, eq(finding.id, reportedUrl.findingId))
      .leftJoin(referenceFile, eq(referenceFile.id, finding.referenceFileId))
      .leftJoin(takedown, eq(takedown.findingId, reportedUrl.findingId));

  const toReportedView = (
    raw: Joined & { row: ReportedUrlRow; createdKey: string },
  ): ReportedUrlView => ({
    row: raw.row,
    finding: summaryOf(raw),
    takedown: takedownOf(raw),
    createdKey: raw.createdKey,
  });

  return {
    /** Inserts the rows whose address she has not reported before; the rows inserted. */
    async insertReportedUrls(rows: NewReportedUrlRow[]): Promise<ReportedUrlRow[]> {
      if (rows.length === 0) return [];
      return db
        .insert(reportedUrl)
        .values(rows)
        .onConflictDoNothing({ target: [reportedUrl.userId, reportedUrl.normalizedUrl] })
        .returning();
    },

    /** Her earlier reports of these addresses (by comparison key). */
    async reportedUrlsByKey(userId: string, keys: string[]): Promise<ReportedUrlView[]> {
      if (keys.length === 0) return [];
      const rows = await reportedViews().where(
        and(eq(reportedUrl.userId, userId), inArray(reportedUrl.normalizedUrl, keys)),
      );
      return rows.map(toReportedView);
    },

    async reportedUrlView(userId: string, id: string): Promise<ReportedUrlView | undefined> {
      const [row] = await reportedViews()
        .where(and(eq(reportedUrl.userId, userId), eq(reportedUrl.id, id)))
        .limit(1);
      return row ? toReportedView(row) : undefined;
    },

    async reportedUrl(id: string): Promise<ReportedUrlRow | undefined> {
      const [row] = await db.select().from(reportedUrl).where(eq(reportedUrl.id, id)).limit(1);
      return row;
    },

    async settleReportedUrl(
      id: string,
      patch: { status: ReportedUrlStatus; findingId: string | null; detail: string },
    ): Promise<void> {
      await db
        .update(reportedUrl)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(reportedUrl.id, id));
    },

    /**
     * Puts a report that failed without a finding back in the queue (she reported it again); whether it
     * was. Reported again from Report Leaks, it is a Report Leaks report: it spends no free removal.
     */
    async requeueReportedUrl(id: string, ownershipConfirmedAt: Date): Promise<boolean> {
      const rows = await db
        .update(reportedUrl)
        .set({
          status: 'queued',
          detail: null,
          via: 'report_leaks',
          ownershipConfirmedAt,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(reportedUrl.id, id),
            eq(reportedUrl.status, 'failed'),
            isNull(reportedUrl.findingId),
          ),
        )
        .returning({ id: reportedUrl.id });
      return rows.length > 0;
    },

    /** Newest first; ties (one report's rows share a time) by id, which keeps a report in the order it was sent. */
    async pageReportedUrls(
      userId: string,
      after: ListPosition | null,
      limit: number,
    ): Promise<ReportedUrlView[]> {
      const position = after
        ? or(
            lt(reportedUrl.createdAt, sql`${after.createdAt}::timestamptz`),
            and(
              eq(reportedUrl.createdAt, sql`${after.createdAt}::timestamptz`),
              lt(reportedUrl.id, after.id),
            ),
          )
        : undefined;
      const rows = await reportedViews()
        .where(and(eq(reportedUrl.userId, userId), position))
        .orderBy(desc(reportedUrl.createdAt), desc(reportedUrl.id))
        .limit(limit);
      return rows.map(toReportedView);
    },

    async countReportedUrls(userId: string): Promise<Record<ReportedUrlStatus, number>> {
      const rows = await db
        .select({ status: reportedUrl.status, n: count() })
        .from(reportedUrl)
        .where(eq(reportedUrl.userId, userId))
        .groupBy(reportedUrl.status);
      const counts: Record<ReportedUrlStatus, number> = {
        queued: 0,
        matched: 0,
        unmatched: 0,
        failed: 0,
      };
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    /** Reports still queued that were last touched before `before` (their job may have been lost). */
    async queuedReportedUrls(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: reportedUrl.id })
        .from(reportedUrl)
        .where(and(eq(reportedUrl.status, 'queued'), lt(reportedUrl.updatedAt, before)))
        .orderBy(reportedUrl.createdAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Her reference files ready to match (fingerprinted). */
    async readyReferenceCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(referenceFile)
        .where(and(eq(referenceFile.userId, userId), eq(referenceFile.status, 'ready')));
      return Number(row?.n ?? 0);
    },

    /**
     * Manual removals she filed since `since`: pages sent through Report Leaks (not Free Removals,
     * which have their own allowance) and fake profiles reported.
     */
    async manualRemovalsSince(userId: string, since: Date): Promise<number> {
      const [leaks] = await db
        .select({ n: count() })
        .from(reportedUrl)
        .where(
          and(
            eq(reportedUrl.userId, userId),
            eq(reportedUrl.via, 'report_leaks'),
            gte(reportedUrl.createdAt, since),
          ),
        );
      const [profiles] = await db
        .select({ n: count() })
        .from(impersonationReport)
        .where(
          and(eq(impersonationReport.userId, userId), gte(impersonationReport.createdAt, since)),
        );
      return Number(leaks?.n ?? 0) + Number(profiles?.n ?? 0);
    },

    // --- Report Impersonation ---

    /** Inserts the report unless she reported this address before; the row, or undefined. */
    async insertImpersonationReport(
      row: NewImpersonationReportRow,
    ): Promise<ImpersonationReportRow | undefined> {
      const [inserted] = await db
        .insert(impersonationReport)
        .values(row)
        .onConflictDoNothing({
          target: [impersonationReport.userId, impersonationReport.normalizedUrl],
        })
        .returning();
      return inserted;
    },

    async impersonationReportByKey(
      userId: string,
      key: string,
    ): Promise<ImpersonationReportRow | undefined> {
      const [row] = await db
        .select()
        .from(impersonationReport)
        .where(
          and(eq(impersonationReport.userId, userId), eq(impersonationReport.normalizedUrl, key)),
        )
        .limit(1);
      return row;
    },

    async setImpersonationFinding(id: string, findingId: string): Promise<void> {
      await db.update(impersonationReport).set({ findingId }).where(eq(impersonationReport.id, id));
    },

    async impersonationReportView(
      userId: string,
      id: string,
    ): Promise<ImpersonationReportView | undefined> {
      const [row] = await impersonationViews()
        .where(and(eq(impersonationReport.userId, userId), eq(impersonationReport.id, id)))
        .limit(1);
      return row ? toImpersonationView(row) : undefined;
    },

    async pageImpersonationReports(
      userId: string,
      after: ListPosition | null,
      limit: number,
    ): Promise<ImpersonationReportView[]> {
      const position = after
        ? or(
            lt(impersonationReport.createdAt, sql`${after.createdAt}::timestamptz`),
            and(
              eq(impersonationReport.createdAt, sql`${after.createdAt}::timestamptz`),
              lt(impersonationReport.id, after.id),
            ),
          )
        : undefined;
      const rows = await impersonationViews()
        .where(and(eq(impersonationReport.userId, userId), position))
        .orderBy(desc(impersonationReport.createdAt), desc(impersonationReport.id))
        .limit(limit);
      return rows.map(toImpersonationView);
    },
  };

  function impersonationViews() {
    return db
      .select({
        row: impersonationReport,
        findingStatus: finding.status,
        displayName: finding.displayName,
        takedownId: takedown.id,
        takedownStatus: takedown.status,
        createdKey: sql<string>`${impersonationReport.createdAt}::text`,
      })
      .from(impersonationReport)
      .leftJoin(finding, eq(finding.id, impersonationReport.findingId))
      .leftJoin(takedown, eq(takedown.findingId, impersonationReport.findingId));
  }

  function toImpersonationView(raw: {
    row: ImpersonationReportRow;
    findingStatus: string | null;
    displayName: string | null;
    takedownId: string | null;
    takedownStatus: string | null;
    createdKey: string;
  }): ImpersonationReportView {
    return {
      row: raw.row,
      findingStatus: raw.findingStatus,
      displayName: raw.displayName,
      takedown: takedownOf(raw),
      createdKey: raw.createdKey,
    };
  }
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
