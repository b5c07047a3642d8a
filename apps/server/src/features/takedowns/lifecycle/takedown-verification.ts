// Verification: a takedown's URL fetched again on a schedule with backoff, as a scan would see it; gone
// means removed. Every function takes `now`, so the tests drive time.
import type { CatalogSite } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { AppError } from '#server/http/app-error.ts';
import { safeErrorMessage, type Logger } from '#server/http/logger.ts';
import type { TakedownTransitions } from '#server/features/takedowns/opening/takedown-transition-repository.ts';
import { nextCheckAt, type CheckSchedule } from './check-schedule.ts';
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
  type TakedownLifecycleRepository,
} from './takedown-lifecycle-repository.ts';
import type { TakedownNotices } from './takedown-responses.ts';

export const isOneOf = <T extends string>(value: string, list: readonly T[]): value is T =>
  (list as readonly string[]).includes(value);

/** What a check needs: the scans' crawler and matcher (a check sees the page as a scan would). */
export interface TakedownVerificationDeps {
  repo: TakedownLifecycleRepository;
  transitions: TakedownTransitions;
  crawler: CheckCrawler;
  matcher: CheckMatcher;
  respectRobots: boolean;
  /** The site catalog's entry of a finding's site (impersonation: its profile template). */
  siteById: (siteId: string) => CatalogSite | undefined;
  schedule: CheckSchedule;
  logger: Logger;
  notices?: TakedownNotices;
}

export interface VerifyResult {
  outcome: CheckVerdict['outcome'] | 'skipped';
  reason: string;
}

/** Verification alone (the takedown.verify job, and `shark takedowns check` run by an operator). */
export function createTakedownVerification(deps: TakedownVerificationDeps) {
  const { repo, transitions, logger } = deps;
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
      const moved = await transitions.move(row.id, 'removed', {
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
