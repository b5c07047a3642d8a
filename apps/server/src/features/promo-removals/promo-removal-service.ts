// Free Removals: the rules of the promotional allowance. An address she reports from /promo-protect is
// judged like a Report Leaks address, spends one removal (never more than the allowance, even under
// concurrent requests) and is queued for the same report.fetch job, whose confirmed finding opens a
// takedown through the normal enforcement path. A report that ends without a finding gives it back.
import { randomUUID } from 'node:crypto';
import type {
  FreeRemoval,
  FreeRemovalAllowance,
  FreeRemovalStage,
  FreeRemovals,
  ReportFreeRemoval,
  ReportFreeRemovalResult,
} from '@shark/contracts/promo-removals.ts';
import type { WhitelistEntry } from '@shark/contracts/whitelist.ts';
import { createWhitelistMatcher } from '@shark/engine/whitelist/whitelist-match.ts';
import { AppError } from '#server/http/app-error.ts';
import { safeErrorMessage, type Logger } from '#server/http/logger.ts';
import type { WhitelistService } from '#server/features/whitelist/whitelist-service.ts';
import { judgeAddress } from '#server/features/report-leaks/report-input.ts';
import {
  PromoRemovalRaceError,
  type PromoRemovalRepository,
  type PromoRemovalView,
} from './promo-removal-repository.ts';

export interface PromoRemovalServiceDeps {
  repo: PromoRemovalRepository;
  whitelist: Pick<WhitelistService, 'list'>;
  /** PROMO_FREE_REMOVALS: removals each promoProtect user gets. */
  freeRemovals: number;
  /** Queues the report.fetch job of a reported address (its id is the job's stable key). */
  sendFetch: (reportedUrlId: string) => Promise<void>;
  logger: Logger;
}

const TAKEDOWN_STAGES: Record<string, FreeRemovalStage> = {
  confirmed: 'takedown_opened',
  notice_sent: 'notice_sent',
  removed: 'removed',
  rejected: 'rejected',
  no_response: 'no_response',
  escalated: 'escalated',
  closed: 'closed',
};

const dateOf = (date: Date) => date.toISOString().slice(0, 10);

function fieldError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { fields: { url: message } });
}

export function stageOf(view: PromoRemovalView): FreeRemovalStage {
  const { row } = view;
  if (row.status === 'queued') return 'checking';
  if (view.takedown) return TAKEDOWN_STAGES[view.takedown.status] ?? 'takedown_opened';
  if (row.findingId === null) return 'not_checkable';
  if (view.findingStatus === 'whitelisted') return 'whitelisted';
  // Confirmed a moment ago: the takedown opens in the same step.
  return 'takedown_opened';
}

export function toFreeRemoval(view: PromoRemovalView): FreeRemoval {
  const { row } = view;
  return {
    id: row.id,
    url: row.url,
    check: row.status,
    stage: stageOf(view),
    detail: row.detail,
    reference: view.reference,
    takedown: view.takedown,
    isCounted: row.status !== 'failed' || row.findingId !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createPromoRemovalService(deps: PromoRemovalServiceDeps) {
  const { repo, logger } = deps;
  const limit = deps.freeRemovals;

  const allowanceOf = (used: number): FreeRemovalAllowance => ({
    limit,
    used,
    left: Math.max(0, limit - used),
  });

  function exhausted(used: number): AppError {
    const message =
      limit === 0
        ? 'Free Removals are not offered at the moment. Choose a plan to have leaks taken down.'
        : `You have used all ${limit} of your free removals (${used} reported). Choose a plan to have more leaks taken down.`;
    return new AppError('PLAN_LIMIT_REACHED', message);
  }

  return {
    async list(userId: string): Promise<FreeRemovals> {
      const [views, used] = await Promise.all([repo.list(userId), repo.used(userId)]);
      return { allowance: allowanceOf(used), removals: views.map(toFreeRemoval) };
    },

    /**
     * One address: judged, checked against her whitelist and her earlier reports, then one removal is
     * spent and the check is queued. Over the allowance: 403 PLAN_LIMIT_REACHED, nothing saved.
     */
    async report(userId: string, input: ReportFreeRemoval): Promise<ReportFreeRemovalResult> {
      const judged = judgeAddress(input.url);
      if (!judged.ok) throw fieldError(judged.message);
      const matcher = createWhitelistMatcher<WhitelistEntry>(
        (await deps.whitelist.list(userId)).entries,
      );
      const covered = matcher.match(judged.url);
      if (covered) {
        throw fieldError(
          `Your whitelist entry ${covered.entry.display} covers this address (${covered.reason}), so it is never taken down. Remove the entry first if this copy is not allowed.`,
        );
      }

      const before = await repo.byKey(userId, judged.key);
      const canRetry = before?.status === 'failed' && before.findingId === null;
      if (before && !canRetry) {
        const where =
          before.via === 'promo' ? 'It is in the list below.' : 'It is in Report Leaks.';
        throw new AppError(
          'CONFLICT',
          `You reported this page on ${dateOf(before.createdAt)}. ${where}`,
          { fields: { url: 'You reported this page before.' } },
        );
      }

      let taken;
      try {
        taken = await repo.take(
          userId,
          limit,
          {
            id: `ru_promo_${randomUUID()}`,
            url: judged.url,
            normalizedUrl: judged.key,
            ownershipConfirmedAt: new Date(),
          },
          canRetry ? before.id : null,
        );
      } catch (error) {
        if (!(error instanceof PromoRemovalRaceError)) throw error;
        throw new AppError(
          'CONFLICT',
          'You reported this page a moment ago. It is in the list below.',
          {
            fields: { url: 'You reported this page before.' },
          },
        );
      }
      if (taken.outcome === 'exhausted') throw exhausted(taken.used);

      try {
        await deps.sendFetch(taken.row.id);
      } catch (error) {
        // The row is saved as queued; the reports' sweep at start-up sends its job again.
        logger.error('report.fetch could not be queued', {
          reportedUrlId: taken.row.id,
          error: safeErrorMessage(error),
        });
      }
      const view = await repo.view(userId, taken.row.id);
      if (!view) throw new Error('free removal vanished after it was made');
      return { removal: toFreeRemoval(view), allowance: allowanceOf(taken.used) };
    },

    /** One of her free removals; another account's is not found. */
    async get(userId: string, id: string): Promise<FreeRemoval> {
      const view = await repo.view(userId, id);
      if (!view) throw new AppError('NOT_FOUND', 'This free removal does not exist.');
      return toFreeRemoval(view);
    },

    isFreeRemovalTakedown: (userId: string, takedownId: string) =>
      repo.isFreeRemovalTakedown(userId, takedownId),
  };
}

export type PromoRemovalService = ReturnType<typeof createPromoRemovalService>;
