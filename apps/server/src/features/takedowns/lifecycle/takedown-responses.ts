// What an operator does with a takedown once its notice is out: look at it (shark takedowns show) and
// record what a recipient answered (a refusal, a confirmed removal), each answer a transition through
// the transitions port (transitionTakedown). No network.
import { AppError } from '#server/http/app-error.ts';
import type {
  TakedownRow,
  TakedownTransitions,
} from '#server/features/takedowns/opening/takedown-transition-repository.ts';
import type { TakedownStatus } from '#server/features/takedowns/opening/takedown-transitions.ts';
import type { RecipientRow, TakedownLifecycleRepository } from './takedown-lifecycle-repository.ts';

export function recipientLabel(recipient: Pick<RecipientRow, 'name' | 'role'> | undefined): string {
  return recipient ? `${recipient.name} (${recipient.role})` : 'the recipient';
}

export type RecipientResponse =
  { kind: 'rejected'; reason: string } | { kind: 'removed'; note?: string | null };

/** The operator's view of one takedown (shark takedowns show). */
export interface TakedownDetails {
  id: string;
  status: TakedownStatus;
  kind: TakedownRow['kind'];
  pageUrl: string;
  host: string;
  level: number;
  finding: {
    id: string;
    kind: string;
    pageUrl: string;
    status: string;
    reuploadOfFindingId: string | null;
  } | null;
  responseDueAt: string | null;
  nextCheckAt: string | null;
  checkCount: number;
  lastCheckedAt: string | null;
  lastCheckResult: string | null;
  closedReason: string | null;
  times: Record<
    | 'confirmedAt'
    | 'noticeSentAt'
    | 'removedAt'
    | 'rejectedAt'
    | 'noResponseAt'
    | 'escalatedAt'
    | 'closedAt',
    string | null
  >;
  events: { at: string; from: TakedownStatus | null; to: TakedownStatus; detail: string | null }[];
  recipients: {
    level: number;
    role: string;
    name: string;
    channel: string;
    address: string;
    source: string;
    isCurrent: boolean;
  }[];
  notices: {
    id: string;
    kind: string;
    level: number;
    role: string;
    recipientName: string;
    channel: string;
    address: string;
    subject: string;
    createdAt: string;
    delivery: {
      status: string;
      attempts: number;
      sentAt: string | null;
      lastError: string | null;
    } | null;
  }[];
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Tells the creator what happened (features/notifications); called after the change is committed. */
export interface TakedownNotices {
  removed(
    row: TakedownRow,
    how: { by: 'check' } | { by: 'recipient'; recipient: string },
  ): Promise<void>;
  rejected(
    row: TakedownRow,
    answer: { recipient: string; reason: string; at: Date },
  ): Promise<void>;
}

/** What an operator does with a takedown: look at it, record what a recipient answered. No network. */
export function createTakedownResponses(deps: {
  repo: TakedownLifecycleRepository;
  transitions: TakedownTransitions;
  notices?: TakedownNotices | undefined;
}) {
  const { repo, transitions, notices } = deps;
  async function requireTakedown(takedownId: string): Promise<TakedownRow> {
    const row = takedownId.trim() === '' ? undefined : await repo.find(takedownId);
    if (!row) throw new AppError('NOT_FOUND', `No takedown with the id "${takedownId}".`);
    return row;
  }

  async function describe(takedownId: string): Promise<TakedownDetails> {
    const row = await requireTakedown(takedownId);
    const [found, events, recipients, notices] = await Promise.all([
      repo.findingOf(row.id),
      repo.events(row.id),
      repo.recipients(row.id),
      repo.notices(row.id),
    ]);
    return {
      id: row.id,
      status: row.status,
      kind: row.kind,
      pageUrl: row.pageUrl,
      host: row.host,
      level: row.level,
      finding: found ?? null,
      responseDueAt: iso(row.responseDueAt),
      nextCheckAt: iso(row.nextCheckAt),
      checkCount: row.checkCount,
      lastCheckedAt: iso(row.lastCheckedAt),
      lastCheckResult: row.lastCheckResult,
      closedReason: row.closedReason,
      times: {
        confirmedAt: iso(row.confirmedAt),
        noticeSentAt: iso(row.noticeSentAt),
        removedAt: iso(row.removedAt),
        rejectedAt: iso(row.rejectedAt),
        noResponseAt: iso(row.noResponseAt),
        escalatedAt: iso(row.escalatedAt),
        closedAt: iso(row.closedAt),
      },
      events: events.map((e) => ({
        at: e.at.toISOString(),
        from: e.fromStatus,
        to: e.toStatus,
        detail: e.detail,
      })),
      recipients: recipients.map((r) => ({
        level: r.level,
        role: r.role,
        name: r.name,
        channel: r.channelKind,
        address: r.address,
        source: r.source,
        isCurrent: r.level === row.level,
      })),
      notices: notices.map(({ notice, delivery }) => ({
        id: notice.id,
        kind: notice.kind,
        level: notice.level,
        role: notice.role,
        recipientName: notice.recipientName,
        channel: notice.channelKind,
        address: notice.address,
        subject: notice.subject,
        createdAt: notice.createdAt.toISOString(),
        delivery: delivery ? { ...delivery, sentAt: iso(delivery.sentAt) } : null,
      })),
    };
  }

  /**
   * Records a recipient's answer: a refusal (the escalation then asks the next recipient) while the
   * notice waits for its answer, or a removal the recipient confirmed, from any open status.
   */
  async function respond(
    takedownId: string,
    response: RecipientResponse,
    now: Date = new Date(),
  ): Promise<TakedownDetails> {
    const row = await requireTakedown(takedownId);
    const recipient = await repo.recipientAt(row.id, row.level);
    if (response.kind === 'rejected') {
      const reason = response.reason.trim();
      if (reason === '')
        throw new AppError('VALIDATION_FAILED', 'Say why the recipient rejected the notice.');
      const moved = await transitions.move(row.id, 'rejected', {
        at: now,
        from: ['notice_sent'],
        detail: `${recipientLabel(recipient)} rejected the notice: ${reason}`,
      });
      if (!moved)
        throw new AppError(
          'CONFLICT',
          `Takedown ${row.id} is ${row.status}: a rejection is recorded only while a notice waits for its answer (notice_sent).`,
        );
      await notices?.rejected(moved, {
        recipient: recipient?.name ?? 'The recipient',
        reason,
        at: now,
      });
    } else {
      const note = response.note?.trim();
      const moved = await transitions.move(row.id, 'removed', {
        at: now,
        detail: `${recipientLabel(recipient)} confirmed the removal (recorded by an operator)${note ? `: ${note}` : '.'}`,
        patch: { nextCheckAt: null },
      });
      if (!moved)
        throw new AppError(
          'CONFLICT',
          `Takedown ${row.id} is ${row.status} already: nothing to record.`,
        );
      await notices?.removed(moved, {
        by: 'recipient',
        recipient: recipient?.name ?? 'The recipient',
      });
    }
    return describe(row.id);
  }

  return { describe, respond };
}

export type TakedownResponses = ReturnType<typeof createTakedownResponses>;
