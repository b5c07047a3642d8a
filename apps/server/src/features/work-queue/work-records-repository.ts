// One record behind a queue item, read for the item's page: the creator's report, the delisting file,
// the support request, the takedown's latest notice, the finding the work is about, and how many manual
// removals she filed this month.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  delistingBatch,
  impersonationReport,
  notice,
  noticeItem,
  reportedUrl,
  supportRequest,
  takedown,
} from '@shark/db/schema.ts';
import type { WorkItemKind } from '@shark/contracts/work-queue.ts';

export function createWorkRecordsRepository(db: Database) {
  return {
    /** The creator's manual removals (reported addresses and profiles) since `since`. */
    async manualRemovalsSince(userId: string, since: Date): Promise<number> {
      const [urls] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(reportedUrl)
        .where(and(eq(reportedUrl.userId, userId), sql`${reportedUrl.createdAt} >= ${since}`));
      const [profiles] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(impersonationReport)
        .where(
          and(
            eq(impersonationReport.userId, userId),
            sql`${impersonationReport.createdAt} >= ${since}`,
          ),
        );
      return (urls?.n ?? 0) + (profiles?.n ?? 0);
    },

    async reportedUrl(id: string) {
      const [row] = await db.select().from(reportedUrl).where(eq(reportedUrl.id, id)).limit(1);
      return row;
    },

    async impersonationReport(id: string) {
      const [row] = await db
        .select()
        .from(impersonationReport)
        .where(eq(impersonationReport.id, id))
        .limit(1);
      return row;
    },

    async delistingBatch(id: string) {
      const [row] = await db
        .select()
        .from(delistingBatch)
        .where(eq(delistingBatch.id, id))
        .limit(1);
      return row;
    },

    async supportRequest(id: string) {
      const [row] = await db
        .select({ id: supportRequest.id, subject: supportRequest.subject })
        .from(supportRequest)
        .where(eq(supportRequest.id, id))
        .limit(1);
      return row;
    },

    /** The notice text of the takedown's latest notice, to paste or read. */
    async latestNoticeOf(takedownId: string) {
      const [row] = await db
        .select({
          recipientName: notice.recipientName,
          address: notice.address,
          subject: notice.subject,
          text: notice.textBody,
        })
        .from(notice)
        .innerJoin(noticeItem, eq(noticeItem.noticeId, notice.id))
        .where(eq(noticeItem.takedownId, takedownId))
        .orderBy(desc(notice.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** The finding a manual removal became, or a takedown is about. */
    async findingIdOf(kind: WorkItemKind, refId: string, reason: string): Promise<string | null> {
      if (kind === 'finding_review') return refId;
      if (kind === 'takedown_decision') {
        const [row] = await db
          .select({ findingId: takedown.findingId })
          .from(takedown)
          .where(eq(takedown.id, refId))
          .limit(1);
        return row?.findingId ?? null;
      }
      if (kind === 'manual_removal') {
        const table = reason === 'impersonation' ? impersonationReport : reportedUrl;
        const [row] = await db
          .select({ findingId: table.findingId })
          .from(table)
          .where(eq(table.id, refId))
          .limit(1);
        return row?.findingId ?? null;
      }
      return null;
    },
  };
}

export type WorkRecordsRepository = ReturnType<typeof createWorkRecordsRepository>;
