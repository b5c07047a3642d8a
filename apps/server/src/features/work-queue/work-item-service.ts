// One item of the work queue: everything needed to do it on one page (the page, the evidence, the
// notice to paste, the recipient, the takedown's history), and its finishing action, which calls the
// service that owns the record — the same calls as the creator's own review and the `shark` commands.
import type { FaceCrop, Finding } from '@shark/contracts/findings.ts';
import {
  FINISH_ACTIONS,
  type FindingEvidence,
  type FinishWorkItem,
  type WorkItem,
  type WorkItemDetail,
} from '@shark/contracts/work-queue.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { FindingService } from '#server/features/findings/finding-service.ts';
import type { StaffActor, StaffAudit } from '#server/features/staff/staff-audit.ts';
import type { TakedownLifecycle } from '#server/features/takedowns/lifecycle/takedown-lifecycle-service.ts';
import type { DelistingService } from '#server/features/takedowns/notices/delisting-service.ts';
import type { FormTaskService } from '#server/features/takedowns/notices/form-task-service.ts';
import type { WorkItemView, WorkQueueRepository } from './work-queue-repository.ts';
import { auditedState, toWorkItem, type WorkQueue } from './work-queue-service.ts';
import type { WorkRecordsRepository } from './work-records-repository.ts';

export interface WorkItemServiceDeps {
  queue: WorkQueue;
  items: WorkQueueRepository;
  records: WorkRecordsRepository;
  audit: StaffAudit;
  forms: Pick<FormTaskService, 'show' | 'done'>;
  delisting: Pick<DelistingService, 'submitted' | 'csv'>;
  takedowns: Pick<TakedownLifecycle, 'describe' | 'respond' | 'escalate'>;
  findings: Pick<FindingService, 'get' | 'review' | 'thumbnail' | 'faceCrop'>;
  entitlements: Pick<Entitlements, 'of'>;
  now?: () => Date;
}

/** A record that is gone reads as nothing; any other failure is raised. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

function evidenceOf(
  finding: Finding & { staffReviewRequestedAt?: string | null },
): FindingEvidence {
  return {
    id: finding.id,
    kind: finding.kind,
    status: finding.status,
    pageUrl: finding.pageUrl,
    mediaUrl: finding.mediaUrl,
    pageTitle: finding.pageTitle,
    siteName: finding.site.name,
    reference: finding.reference?.name ?? null,
    confidence: finding.confidence,
    distance: finding.distance,
    hasThumbnail: finding.hasThumbnail,
    impersonation: finding.impersonation,
    firstSeenAt: finding.firstSeenAt,
    lastSeenAt: finding.lastSeenAt,
    staffReviewRequestedAt: finding.staffReviewRequestedAt ?? null,
    faceSimilarity: finding.likeness?.similarity ?? null,
    likeness: finding.likeness
      ? {
          hasFoundFace: finding.likeness.hasFoundFace,
          hasEnrolledFace: finding.likeness.hasEnrolledFace,
          nature: finding.likeness.nature,
        }
      : null,
  };
}

const startOfMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

export function createWorkItemService(deps: WorkItemServiceDeps) {
  const { queue, items, records, audit } = deps;
  const now = deps.now ?? (() => new Date());

  async function findingOf(view: WorkItemView): Promise<Finding | null> {
    const { row } = view;
    const findingId = await records.findingIdOf(row.kind, row.refId, row.reason);
    return findingId ? orNull(deps.findings.get(row.userId, findingId)) : null;
  }

  async function takedownOf(takedownId: string): Promise<WorkItemDetail['takedown']> {
    const described = await orNull(deps.takedowns.describe(takedownId));
    if (!described) return null;
    return {
      id: described.id,
      status: described.status,
      pageUrl: described.pageUrl,
      host: described.host,
      level: described.level,
      closedReason: described.closedReason,
      events: described.events,
      recipients: described.recipients.map((r) => ({
        level: r.level,
        role: r.role,
        name: r.name,
        channel: r.channel,
        address: r.address,
        isCurrent: r.isCurrent,
      })),
      notice: await records.latestNoticeOf(takedownId),
    };
  }

  async function formOf(taskId: string): Promise<WorkItemDetail['form']> {
    const task = await orNull(deps.forms.show(taskId));
    if (!task) return null;
    // The site's own form when it was read, field by field as its page names them; else the notice's.
    const fields = task.siteFields
      ? task.siteFields.map((f) => ({ label: f.label || f.name, value: f.value }))
      : task.fields;
    return {
      formUrl: task.formUrl,
      recipient: task.recipient,
      subject: task.subject,
      status: task.status,
      fields,
    };
  }

  async function reportOf(view: WorkItemView): Promise<WorkItemDetail['report']> {
    const { row } = view;
    const [thisMonth, entitled] = await Promise.all([
      records.manualRemovalsSince(row.userId, startOfMonth(now())),
      deps.entitlements.of(row.userId),
    ]);
    const monthlyLimit = entitled.limits.manualRemovalsPerMonth;
    if (row.reason === 'impersonation') {
      const report = await records.impersonationReport(row.refId);
      if (!report) return null;
      return {
        type: 'impersonation',
        url: report.url,
        status: null,
        detail: null,
        platform: report.platform,
        username: report.username,
        evidence: report.evidence,
        createdAt: report.createdAt.toISOString(),
        thisMonth,
        monthlyLimit,
      };
    }
    const report = await records.reportedUrl(row.refId);
    if (!report) return null;
    return {
      type: 'reported_url',
      url: report.url,
      status: report.status,
      detail: report.detail,
      platform: null,
      username: null,
      evidence: null,
      createdAt: report.createdAt.toISOString(),
      thisMonth,
      monthlyLimit,
    };
  }

  async function delistingOf(view: WorkItemView): Promise<WorkItemDetail['delisting']> {
    const batch = await records.delistingBatch(view.row.refId);
    if (!batch) return null;
    return {
      batchId: batch.id,
      engine: batch.engine,
      day: batch.day,
      urls: batch.urlCount,
      submittedAt: batch.submittedAt?.toISOString() ?? null,
      csvPath: `/api/staff/queue/${encodeURIComponent(view.row.id)}/delisting.csv`,
    };
  }

  async function detail(id: string): Promise<WorkItemDetail> {
    const view = await queue.requireItem(id);
    const { row } = view;
    const finding = await findingOf(view);
    const form = row.kind === 'form_notice' ? await formOf(row.refId) : null;
    const takedown = row.kind === 'takedown_decision' ? await takedownOf(row.refId) : null;
    const report = row.kind === 'manual_removal' ? await reportOf(view) : null;
    const delisting = row.kind === 'delisting_upload' ? await delistingOf(view) : null;
    const support =
      row.kind === 'support'
        ? {
            requestId: row.refId,
            subject: (await records.supportRequest(row.refId))?.subject ?? row.title,
            path: `/staff/support/${encodeURIComponent(row.refId)}`,
          }
        : null;
    return {
      item: toWorkItem(view, now()),
      pageUrl: finding?.pageUrl ?? takedown?.pageUrl ?? report?.url ?? null,
      finding: finding ? evidenceOf(finding) : null,
      form,
      takedown,
      delisting,
      report,
      support,
      actions: row.status === 'open' ? [...FINISH_ACTIONS[row.kind]] : [],
    };
  }

  /** Does the work on the record through its own service; the outcome in words. */
  async function perform(
    actor: StaffActor,
    view: WorkItemView,
    input: FinishWorkItem,
  ): Promise<string> {
    const { row } = view;
    switch (input.action) {
      case 'form_submitted':
        await deps.forms.done(row.refId, actor.email);
        return 'Notice submitted through the web form.';
      case 'finding_confirm':
      case 'finding_reject': {
        const entitled = await deps.entitlements.of(row.userId);
        const confirm = input.action === 'finding_confirm';
        const likenessNature = confirm ? input.likenessNature : undefined;
        await deps.findings.review(entitled, row.refId, confirm ? 'confirm' : 'reject', {
          likenessNature,
        });
        if (!confirm) return 'Finding rejected: not the creator’s content.';
        return likenessNature === undefined || likenessNature === 'own_content'
          ? 'Finding confirmed: it is the creator’s content.'
          : `Finding confirmed: ${likenessNature === 'forgery' ? 'a forgery of the creator’s likeness' : 'intimate content of the creator shared without her consent'}.`;
      }
      case 'takedown_escalate': {
        const steps = await deps.takedowns.escalate(row.refId, now());
        if (steps.length === 0) {
          const takedown = await deps.takedowns.describe(row.refId);
          throw new AppError(
            'CONFLICT',
            `The takedown is ${takedown.status}: there is nothing to escalate now.`,
          );
        }
        return steps.includes('closed')
          ? 'No recipient was left to ask: the takedown is closed.'
          : 'Escalated to the next recipient.';
      }
      case 'takedown_removed':
        await deps.takedowns.respond(row.refId, { kind: 'removed', note: input.note ?? null });
        return `Marked removed${input.note ? `: ${input.note}` : '.'}`;
      case 'delisting_uploaded':
        await deps.delisting.submitted(row.refId);
        return 'Delisting file uploaded; the batch is marked submitted.';
      case 'removal_outcome':
        return input.outcome;
    }
  }

  return {
    detail,

    /** Finishes the item: claimed for the actor if nobody holds it, then its record moved on. */
    async finish(actor: StaffActor, id: string, input: FinishWorkItem): Promise<WorkItem> {
      const before = await queue.requireItem(id);
      if (before.row.kind === 'support')
        throw new AppError(
          'BAD_REQUEST',
          'A support request is finished by answering it on its support page.',
        );
      if (!FINISH_ACTIONS[before.row.kind].includes(input.action))
        throw new AppError('VALIDATION_FAILED', 'This action does not finish this kind of item.', {
          fields: { action: `Choose one of: ${FINISH_ACTIONS[before.row.kind].join(', ')}.` },
        });
      await queue.take(actor, id);
      const outcome = await perform(actor, before, input);
      const row = await items.finish(id, actor.userId, outcome, now());
      if (!row) throw new AppError('CONFLICT', 'This item was released while you worked on it.');
      await audit.record(actor, {
        action: 'work.finish',
        targetType: 'work_item',
        targetId: id,
        subjectUserId: row.userId,
        before: auditedState(before.row),
        after: {
          ...auditedState(row),
          action: input.action,
          // Her takedown's history shows what staff did on it.
          ...(row.kind === 'takedown_decision' ? { takedownId: row.refId } : {}),
        },
      });
      return toWorkItem(await queue.requireItem(id), now());
    },

    /** The picture of the item's finding. */
    async thumbnail(id: string): Promise<Buffer> {
      const view = await queue.requireItem(id);
      const findingId = await records.findingIdOf(view.row.kind, view.row.refId, view.row.reason);
      if (!findingId) throw new AppError('NOT_FOUND', 'This item has no picture.');
      return deps.findings.thumbnail(view.row.userId, findingId, { blur: false });
    },

    /**
     * The face found on the page of the item's likeness finding, or the creator's enrolled face it
     * resembles: the evidence she sees, for the agent who reviews it for her. A read, not audited.
     */
    async faceCrop(id: string, which: FaceCrop): Promise<Buffer> {
      const view = await queue.requireItem(id);
      const findingId = await records.findingIdOf(view.row.kind, view.row.refId, view.row.reason);
      if (!findingId) throw new AppError('NOT_FOUND', 'This item has no finding of her face.');
      return deps.findings.faceCrop(view.row.userId, findingId, which);
    },

    /** The delisting file of a delisting item. */
    async delistingCsv(id: string): Promise<string> {
      const view = await queue.requireItem(id);
      if (view.row.kind !== 'delisting_upload')
        throw new AppError('NOT_FOUND', 'This item has no delisting file.');
      return deps.delisting.csv(view.row.refId);
    },
  };
}

export type WorkItemService = ReturnType<typeof createWorkItemService>;
