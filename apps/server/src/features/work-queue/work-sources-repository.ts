// The records that need a person, read where they live (form tasks, findings, reports, takedowns,
// delisting files, support requests): the ones with no queue item yet, and the open items whose record
// no longer needs work. Also the plan of each creator, for the items' service level. One record read
// for an item's page is work-records-repository.ts.
import {
  and,
  type Column,
  eq,
  inArray,
  isNotNull,
  isNull,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  accountState,
  delistingBatch,
  delistingRequest,
  finding,
  formTask,
  impersonationReport,
  notice,
  reportedUrl,
  supportRequest,
  takedown,
  user,
  workItem,
} from '@shark/db/schema.ts';
import type { WorkItemKind } from '@shark/contracts/work-queue.ts';

/** A record that needs work and has no item yet. */
export interface WorkCandidate {
  kind: WorkItemKind;
  refId: string;
  reason: string;
  /** The creator (for a delisting file: every creator with an address in it). */
  userIds: string[];
  /** When the record started to need work: the due time counts from it. */
  arrivedAt: Date;
  /** The page or form it is about, for the host. */
  url: string | null;
  title: string;
}

export interface CreatorPlanState {
  status: string | null;
  plan: string | null;
  isAffiliateOnly: boolean;
}

const epochMs = (column: SQL) =>
  sql<string>`floor(extract(epoch from ${column}) * 1000)::bigint::text`;

/** What a takedown waiting for a decision waits since: the status and the time it entered it. */
const takedownReason = sql<string>`${takedown.status} || '@' || ${epochMs(
  sql`coalesce(case when ${takedown.status} = 'rejected' then ${takedown.rejectedAt} else ${takedown.noResponseAt} end, ${takedown.updatedAt})`,
)}`;
const takedownEnteredAt = sql<Date>`coalesce(case when ${takedown.status} = 'rejected' then ${takedown.rejectedAt} else ${takedown.noResponseAt} end, ${takedown.updatedAt})`;

/** A manual removal is settled once the page it became is taken down. */
const removedFinding = (findingId: SQL | Column) =>
  sql`exists (select 1 from ${takedown} where ${takedown.findingId} = ${findingId} and ${takedown.status} = 'removed')`;

const DECISION_STATUSES = ['rejected', 'no_response'] as const;

export function createWorkSourcesRepository(db: Database) {
  const hasItem = (kind: WorkItemKind, refId: Column, reason: SQL | string | null) =>
    db
      .select({ one: sql`1` })
      .from(workItem)
      .where(
        and(
          eq(workItem.kind, kind),
          sql`${workItem.refId} = ${refId}`,
          reason === null ? eq(workItem.status, 'open') : sql`${workItem.reason} = ${reason}`,
        ),
      );

  return {
    async candidates(limit: number): Promise<WorkCandidate[]> {
      const forms = await db
        .select({
          id: formTask.id,
          userId: formTask.userId,
          at: formTask.createdAt,
          url: formTask.formUrl,
          recipient: notice.recipientName,
        })
        .from(formTask)
        .innerJoin(notice, eq(notice.id, formTask.noticeId))
        .where(and(eq(formTask.status, 'open'), notExists(hasItem('form_notice', formTask.id, ''))))
        .limit(limit);
      const reviews = await db
        .select({
          id: finding.id,
          userId: finding.userId,
          at: finding.staffReviewRequestedAt,
          url: finding.pageUrl,
          title: finding.pageTitle,
        })
        .from(finding)
        .where(
          and(
            eq(finding.status, 'pending_review'),
            isNotNull(finding.staffReviewRequestedAt),
            notExists(hasItem('finding_review', finding.id, '')),
          ),
        )
        .limit(limit);
      const reported = await db
        .select({
          id: reportedUrl.id,
          userId: reportedUrl.userId,
          at: reportedUrl.createdAt,
          url: reportedUrl.url,
        })
        .from(reportedUrl)
        .where(
          and(
            notExists(hasItem('manual_removal', reportedUrl.id, 'reported_url')),
            sql`not ${removedFinding(reportedUrl.findingId)}`,
          ),
        )
        .limit(limit);
      const impersonations = await db
        .select({
          id: impersonationReport.id,
          userId: impersonationReport.userId,
          at: impersonationReport.createdAt,
          url: impersonationReport.url,
          platform: impersonationReport.platform,
        })
        .from(impersonationReport)
        .where(
          and(
            notExists(hasItem('manual_removal', impersonationReport.id, 'impersonation')),
            sql`not ${removedFinding(impersonationReport.findingId)}`,
          ),
        )
        .limit(limit);
      const decisions = await db
        .select({
          id: takedown.id,
          userId: takedown.userId,
          status: takedown.status,
          reason: takedownReason,
          at: takedownEnteredAt,
          url: takedown.pageUrl,
        })
        .from(takedown)
        .where(
          and(
            inArray(takedown.status, [...DECISION_STATUSES]),
            notExists(hasItem('takedown_decision', takedown.id, takedownReason)),
          ),
        )
        .limit(limit);
      const batches = await db
        .select({
          id: delistingBatch.id,
          engine: delistingBatch.engine,
          day: delistingBatch.day,
          urls: delistingBatch.urlCount,
          at: delistingBatch.createdAt,
        })
        .from(delistingBatch)
        .where(
          and(
            isNull(delistingBatch.submittedAt),
            isNotNull(delistingBatch.fileKey),
            notExists(hasItem('delisting_upload', delistingBatch.id, '')),
          ),
        )
        .limit(limit);
      const batchUsers = batches.length
        ? await db
            .selectDistinct({ batchId: delistingRequest.batchId, userId: delistingRequest.userId })
            .from(delistingRequest)
            .where(
              inArray(
                delistingRequest.batchId,
                batches.map((b) => b.id),
              ),
            )
        : [];
      const support = await db
        .select({
          id: supportRequest.id,
          userId: supportRequest.userId,
          at: supportRequest.lastMessageAt,
          subject: supportRequest.subject,
        })
        .from(supportRequest)
        .where(
          and(
            eq(supportRequest.status, 'open'),
            notExists(hasItem('support', supportRequest.id, null)),
          ),
        )
        .limit(limit);

      return [
        ...forms.map((r) => ({
          kind: 'form_notice' as const,
          refId: r.id,
          reason: '',
          userIds: [r.userId],
          arrivedAt: r.at,
          url: r.url,
          title: `Submit the notice through ${r.recipient}'s web form`,
        })),
        ...reviews.map((r) => ({
          kind: 'finding_review' as const,
          refId: r.id,
          reason: '',
          userIds: [r.userId],
          arrivedAt: r.at ?? new Date(),
          url: r.url,
          title: `Review a finding the creator asked about${r.title ? `: ${r.title}` : ''}`,
        })),
        ...reported.map((r) => ({
          kind: 'manual_removal' as const,
          refId: r.id,
          reason: 'reported_url',
          userIds: [r.userId],
          arrivedAt: r.at,
          url: r.url,
          title: 'Remove a leak the creator reported',
        })),
        ...impersonations.map((r) => ({
          kind: 'manual_removal' as const,
          refId: r.id,
          reason: 'impersonation',
          userIds: [r.userId],
          arrivedAt: r.at,
          url: r.url,
          title: `Remove a fake ${r.platform} profile the creator reported`,
        })),
        ...decisions.map((r) => ({
          kind: 'takedown_decision' as const,
          refId: r.id,
          reason: r.reason,
          userIds: [r.userId],
          arrivedAt: new Date(r.at),
          url: r.url,
          title:
            r.status === 'rejected'
              ? 'Decide on a takedown whose notice was rejected'
              : 'Decide on a takedown whose notice got no answer',
        })),
        ...batches.map((r) => {
          const userIds = batchUsers.filter((u) => u.batchId === r.id).map((u) => u.userId);
          return {
            kind: 'delisting_upload' as const,
            refId: r.id,
            reason: '',
            userIds,
            arrivedAt: r.at,
            url: null,
            title: `Upload the ${r.engine} delisting file of ${r.day} (${r.urls} URL${r.urls === 1 ? '' : 's'}, ${userIds.length} creator${userIds.length === 1 ? '' : 's'})`,
          };
        }),
        ...support.map((r) => ({
          kind: 'support' as const,
          refId: r.id,
          reason: epochOf(r.at),
          userIds: [r.userId],
          arrivedAt: r.at,
          url: null,
          title: `Answer: ${r.subject}`,
        })),
      ];
    },

    async plansOf(userIds: string[]): Promise<Map<string, CreatorPlanState>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: user.id,
          status: accountState.status,
          plan: accountState.plan,
          isAffiliateOnly: user.isAffiliateOnly,
        })
        .from(user)
        .leftJoin(accountState, eq(accountState.userId, user.id))
        .where(inArray(user.id, userIds));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** Closes the open items whose record no longer needs work; how many it closed. */
    async closeResolved(now: Date, outcome: string): Promise<number> {
      const stillNeeded: Record<WorkItemKind, SQL> = {
        form_notice: sql`exists (select 1 from ${formTask} where ${formTask.id} = ${workItem.refId} and ${formTask.status} = 'open')`,
        finding_review: sql`exists (select 1 from ${finding} where ${finding.id} = ${workItem.refId} and ${finding.status} = 'pending_review' and ${finding.staffReviewRequestedAt} is not null)`,
        manual_removal: sql`(${workItem.reason} = 'reported_url' and exists (select 1 from ${reportedUrl} where ${reportedUrl.id} = ${workItem.refId} and not ${removedFinding(sql`${reportedUrl.findingId}`)}))
          or (${workItem.reason} = 'impersonation' and exists (select 1 from ${impersonationReport} where ${impersonationReport.id} = ${workItem.refId} and not ${removedFinding(sql`${impersonationReport.findingId}`)}))`,
        takedown_decision: sql`exists (select 1 from ${takedown} where ${takedown.id} = ${workItem.refId} and ${takedown.status} in ('rejected', 'no_response') and ${takedownReason} = ${workItem.reason})`,
        delisting_upload: sql`exists (select 1 from ${delistingBatch} where ${delistingBatch.id} = ${workItem.refId} and ${delistingBatch.submittedAt} is null)`,
        support: sql`exists (select 1 from ${supportRequest} where ${supportRequest.id} = ${workItem.refId} and ${supportRequest.status} = 'open')`,
      };
      const resolved = or(
        ...Object.entries(stillNeeded).map(
          ([kind, needed]) => sql`(${workItem.kind} = ${kind} and not (${needed}))`,
        ),
      );
      const closed = await db
        .update(workItem)
        .set({ status: 'done', doneAt: now, doneBy: null, outcome })
        .where(and(eq(workItem.status, 'open'), resolved))
        .returning({ id: workItem.id });
      return closed.length;
    },
  };
}

const epochOf = (at: Date) => String(at.getTime());

export type WorkSourcesRepository = ReturnType<typeof createWorkSourcesRepository>;
