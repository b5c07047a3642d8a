// The takedown lifecycle after a notice: verification (the URL fetched again on a schedule with
// backoff; gone means removed), response windows and escalation to the next recipient (site → host or
// CDN → registrar; none left: closed), and the answers an operator records. Every status change goes
// through the transitions port (transitionTakedown); every function takes `now`, so the tests drive time. Verification is in
// takedown-verification.ts and the operator's answers in takedown-responses.ts; this file escalates and sweeps.
import type { TakedownStatus } from '#server/features/takedowns/opening/takedown-transitions.ts';
import { takedownAdminCommands } from '#server/features/takedowns/operator/takedown-admin-commands.ts';
import { ESCALATED_FROM } from './takedown-lifecycle-repository.ts';
import { createTakedownResponses, recipientLabel } from './takedown-responses.ts';
import {
  createTakedownVerification,
  isOneOf,
  type TakedownVerificationDeps,
} from './takedown-verification.ts';

/** Rows read per query of a sweep. */
const SWEEP_BATCH = 500;

export interface TakedownLifecycleDeps extends TakedownVerificationDeps {
  /** Asks enforcement for the notice to the takedown's recipient at its current level (takedown.notify). */
  requestNotice: (takedownId: string) => Promise<void>;
  /** Send the jobs a sweep finds due (takedown.verify, takedown.escalate); true when one was enqueued. */
  sendVerify: (takedownId: string, check: number) => Promise<boolean>;
  sendEscalate: (takedownId: string) => Promise<boolean>;
}

export function createTakedownLifecycle(deps: TakedownLifecycleDeps) {
  const { repo, transitions, logger } = deps;
  const responses = createTakedownResponses({ repo, transitions, notices: deps.notices });
  const { verify, checkNow } = createTakedownVerification(deps);

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
      const moved = await transitions.move(row.id, 'no_response', {
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
        const moved = await transitions.move(row.id, 'escalated', {
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
      const moved = await transitions.move(row.id, 'closed', {
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
