// The takedown lifecycle after a notice: verification (the URL fetched again on a schedule with
// backoff; gone means removed), response windows and escalation to the next recipient (site → host or
// CDN → registrar; none left: closed), and the answers an operator records. Every status change goes
// through transitionTakedown; every function takes `now`, so the tests drive time.
import type { Database } from '@shark/db/client.ts';
import type { CatalogSite } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { AppError } from '#server/http/app-error.ts';
import { safeErrorMessage, type Logger } from '#server/http/logger.ts';
import {
  transitionTakedown,
  type TakedownRow,
  type TakedownStatus,
} from '#server/features/takedowns/opening/takedown-transitions.ts';
import { nextCheckAt, type CheckSchedule } from './check-schedule.ts';
import { takedownAdminCommands } from '#server/features/takedowns/operator/takedown-admin-commands.ts';
import {
  checkLeakPage,
  checkPageAnswers,
  checkProfilePage,
  type CheckCrawler,
  type CheckMatcher,
  type CheckVerdict,
} from './page-check.ts';
import {
  CHECKED_STATUSES,
  createTakedownLifecycleRepository,
  ESCALATED_FROM,
  type RecipientRow,
  type TakedownLifecycleRepository,
} from './takedown-lifecycle-repository.ts';

/** Rows read per query of a sweep. */
const SWEEP_BATCH = 500;

const isOneOf = <T extends string>(value: string, list: readonly T[]): value is T =>
  (list as readonly string[]).includes(value);

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
export function createTakedownResponses(
  db: Database,
  repo: TakedownLifecycleRepository = createTakedownLifecycleRepository(db),
  notices?: TakedownNotices,
) {
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
      const moved = await transitionTakedown(db, row.id, 'rejected', {
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
      const moved = await transitionTakedown(db, row.id, 'removed', {
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

/** What a check needs: the scans' crawler and matcher (a check sees the page as a scan would). */
export interface TakedownVerificationDeps {
  db: Database;
  crawler: CheckCrawler;
  matcher: CheckMatcher;
  respectRobots: boolean;
  /** The site catalog's entry of a finding's site (impersonation: its profile template). */
  siteById: (siteId: string) => CatalogSite | undefined;
  schedule: CheckSchedule;
  logger: Logger;
  notices?: TakedownNotices;
}

export interface TakedownLifecycleDeps extends TakedownVerificationDeps {
  /** Asks enforcement for the notice to the takedown's recipient at its current level (takedown.notify). */
  requestNotice: (takedownId: string) => Promise<void>;
  /** Send the jobs a sweep finds due (takedown.verify, takedown.escalate); true when one was enqueued. */
  sendVerify: (takedownId: string, check: number) => Promise<boolean>;
  sendEscalate: (takedownId: string) => Promise<boolean>;
}

export interface VerifyResult {
  outcome: CheckVerdict['outcome'] | 'skipped';
  reason: string;
}

/** Verification alone (the takedown.verify job, and `shark takedowns check` run by an operator). */
export function createTakedownVerification(
  deps: TakedownVerificationDeps,
  repo: TakedownLifecycleRepository = createTakedownLifecycleRepository(deps.db),
) {
  const { db, logger } = deps;
  const checkDeps = {
    crawler: deps.crawler,
    matcher: deps.matcher,
    respectRobots: deps.respectRobots,
  };

  /**
   * Checks a takedown's URL once. `check` (the job's) is the number of checks done when it was sent: a
   * run for a check already recorded does nothing. Removed: the takedown moves to removed. Still there
   * or unknown (network, 5xx): the result is recorded and the next check set with backoff. An error of
   * our own is thrown for the queue to retry; on the last attempt it is recorded as the check's result.
   */
  async function verify(
    takedownId: string,
    options: { now: Date; check?: number; isLastAttempt?: boolean },
  ): Promise<VerifyResult> {
    const { now } = options;
    const subject = await repo.checkSubject(takedownId);
    if (!subject) return { outcome: 'skipped', reason: 'No such takedown.' };
    const { takedown: row, finding } = subject;
    if (!isOneOf(row.status, CHECKED_STATUSES))
      return { outcome: 'skipped', reason: `The takedown is ${row.status}.` };
    if (options.check !== undefined && options.check !== row.checkCount)
      return { outcome: 'skipped', reason: `Check ${options.check + 1} was recorded already.` };

    let verdict: CheckVerdict;
    try {
      if (row.kind === 'impersonation' || finding.kind === 'impersonation') {
        verdict = await checkProfilePage(checkDeps, {
          pageUrl: row.pageUrl,
          site:
            (finding.platform ? deps.siteById(finding.platform) : undefined) ??
            (finding.siteId ? deps.siteById(finding.siteId) : undefined) ??
            null,
          username: finding.username,
        });
      } else if (finding.kind === 'mention') {
        // A page that names the creator, taken down as a whole: no file to look for, only the page.
        verdict = await checkPageAnswers(checkDeps, row.pageUrl);
      } else {
        verdict = await checkLeakPage(checkDeps, {
          userId: row.userId,
          pageUrl: row.pageUrl,
          referenceFileId: finding.referenceFileId,
          referenceName: finding.referenceName,
          mediaSha256: finding.mediaSha256,
          mediaUrl: finding.mediaUrl,
        });
      }
    } catch (error) {
      // Run by hand, or with retries left: the error is the caller's (the queue retries the job).
      if (options.isLastAttempt !== true) throw error;
      const message = safeErrorMessage(error);
      logger.warn('takedown check failed', { takedownId, err: message });
      verdict = { outcome: 'unknown', reason: `The check failed: ${message}` };
    }

    const checkCount = row.checkCount + 1;
    if (verdict.outcome === 'removed') {
      const moved = await transitionTakedown(db, row.id, 'removed', {
        at: now,
        detail: `Check ${checkCount}: ${verdict.reason}`,
        patch: {
          checkCount,
          lastCheckedAt: now,
          lastCheckResult: verdict.reason,
          nextCheckAt: null,
        },
      });
      if (moved) {
        await deps.notices?.removed(moved, { by: 'check' });
        return verdict;
      }
      return { outcome: 'skipped', reason: 'The takedown changed during the check.' };
    }
    const words =
      verdict.outcome === 'present'
        ? `Still there: ${verdict.reason}`
        : `Could not check: ${verdict.reason}`;
    const written = await repo.recordCheck(row.id, row.checkCount, {
      checkCount,
      lastCheckedAt: now,
      lastCheckResult: words,
      nextCheckAt: nextCheckAt(deps.schedule, checkCount, now),
    });
    return written
      ? { outcome: verdict.outcome, reason: words }
      : { outcome: 'skipped', reason: 'Another run recorded this check first.' };
  }

  /** An operator's check, now: an unknown takedown or one no longer checked is refused with the reason. */
  async function checkNow(takedownId: string, now: Date = new Date()): Promise<VerifyResult> {
    const row = takedownId.trim() === '' ? undefined : await repo.find(takedownId);
    if (!row) throw new AppError('NOT_FOUND', `No takedown with the id "${takedownId}".`);
    if (!isOneOf(row.status, CHECKED_STATUSES))
      throw new AppError(
        'CONFLICT',
        `Takedown ${row.id} is ${row.status}: there is nothing to check.`,
      );
    return verify(row.id, { now });
  }

  return { verify, checkNow };
}

export type TakedownVerification = ReturnType<typeof createTakedownVerification>;

export function createTakedownLifecycle(deps: TakedownLifecycleDeps) {
  const { db, logger } = deps;
  const repo = createTakedownLifecycleRepository(db);
  const responses = createTakedownResponses(db, repo, deps.notices);
  const { verify, checkNow } = createTakedownVerification(deps, repo);

  /**
   * Moves a takedown on when its recipient did not answer in time or refused: notice_sent past its
   * response window → no_response; no_response or rejected → escalated to the next recipient (whose
   * notice is then requested), or closed when none is left. (An escalated takedown whose request was
   * lost is enforcement's sweep's: it asks for every waiting takedown's notice.) Returns the statuses it
   * went through.
   */
  async function escalate(takedownId: string, now: Date): Promise<TakedownStatus[]> {
    const steps: TakedownStatus[] = [];
    let row = await repo.find(takedownId);
    if (!row) return steps;
    if (
      row.status === 'notice_sent' &&
      row.responseDueAt &&
      row.responseDueAt.getTime() <= now.getTime()
    ) {
      const recipient = await repo.recipientAt(row.id, row.level);
      const moved = await transitionTakedown(db, row.id, 'no_response', {
        at: now,
        from: ['notice_sent'],
        detail: `No answer from ${recipientLabel(recipient)}${recipient ? ` at ${recipient.address}` : ''} by ${row.responseDueAt.toISOString()}.`,
      });
      if (!moved) return steps;
      steps.push('no_response');
      row = moved;
    }
    if (isOneOf(row.status, ESCALATED_FROM)) {
      const [current, next] = await Promise.all([
        repo.recipientAt(row.id, row.level),
        repo.recipientAt(row.id, row.level + 1),
      ]);
      if (next) {
        const moved = await transitionTakedown(db, row.id, 'escalated', {
          at: now,
          from: [row.status],
          detail: `escalated from ${recipientLabel(current)} to ${recipientLabel(next)}`,
          patch: { level: row.level + 1, responseDueAt: null },
        });
        if (!moved) return steps;
        steps.push('escalated');
        await deps.requestNotice(row.id);
        return steps;
      }
      const moved = await transitionTakedown(db, row.id, 'closed', {
        at: now,
        from: [row.status],
        detail: `No recipient left after ${recipientLabel(current)}.`,
        patch: { closedReason: 'no recipient left', nextCheckAt: null, responseDueAt: null },
      });
      if (moved) steps.push('closed');
      return steps;
    }
    return steps;
  }

  /**
   * Sends the jobs of what is due at `now`: a check of each takedown whose next check has come, and the
   * escalation of each whose window passed or whose recipient refused. Jobs carry stable keys, so a sweep
   * on every worker, or one repeated before the jobs ran, enqueues each once.
   */
  async function sweep(
    now: Date,
    limit = 10_000,
  ): Promise<{ checks: number; escalations: number }> {
    let checks = 0;
    let escalations = 0;
    let afterCheck: Parameters<typeof repo.dueForCheck>[1] = null;
    for (let seen = 0; seen < limit;) {
      const due = await repo.dueForCheck(now, afterCheck, SWEEP_BATCH);
      for (const item of due) if (await deps.sendVerify(item.id, item.checkCount)) checks++;
      seen += due.length;
      if (due.length < SWEEP_BATCH) break;
      afterCheck = due.at(-1)!.cursor;
    }
    let afterEscalation: string | null = null;
    for (let seen = 0; seen < limit;) {
      const due = await repo.dueForEscalation(now, afterEscalation, SWEEP_BATCH);
      for (const id of due) if (await deps.sendEscalate(id)) escalations++;
      seen += due.length;
      if (due.length < SWEEP_BATCH) break;
      afterEscalation = due.at(-1)!;
    }
    if (checks + escalations > 0) logger.info('takedown work sent', { checks, escalations });
    return { checks, escalations };
  }

  return {
    verify,
    escalate,
    sweep,
    checkNow,
    ...responses,
    /** For the admin socket: `shark takedowns …` while this process holds the embedded database. */
    adminCommands: takedownAdminCommands({ ...responses, checkNow }),
  };
}

export type TakedownLifecycle = ReturnType<typeof createTakedownLifecycle>;
