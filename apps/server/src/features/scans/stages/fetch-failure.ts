// What a failed fetch means for a scan task: a site found gone is given up for the scan, a network
// hiccup is retried, our own rules skip, the rest fail.
import type { SiteUnreachableReason } from '@shark/contracts/scans.ts';
import { RetryableScanError, type StageOutcome } from '#server/features/scans/scan-task-runner.ts';
import { SiteUnreachableError } from '#server/features/scans/site-reachability.ts';

/** Failures that say the site is gone (no such name, nothing listening, no route): not retried. */
export const UNREACHABLE_FETCH: ReadonlySet<string> = new Set<SiteUnreachableReason>([
  'dns',
  'refused',
  'unreachable',
]);

/** Fetch failures worth another try: the site answered before, or may answer in a moment. */
export const RETRYABLE_FETCH: ReadonlySet<string> = new Set(['timeout', 'network']);

interface FetchFailure {
  /** The URL whose fetch failed. */
  url: string;
  reason: string;
  message: string;
}

/**
 * Throws for a failure that is not the task's own: SiteUnreachableError when the site is gone (the
 * scan gives it up), RetryableScanError when another try may work.
 */
export function throwIfNetworkFailure(failure: FetchFailure): void {
  if (UNREACHABLE_FETCH.has(failure.reason))
    throw new SiteUnreachableError(
      failure.url,
      failure.reason as SiteUnreachableReason,
      failure.message,
    );
  if (RETRYABLE_FETCH.has(failure.reason)) throw new RetryableScanError(failure.message);
}

/** The outcome of a task whose page or media did not download; throws as throwIfNetworkFailure does. */
export function failedFetchOutcome(failure: FetchFailure): StageOutcome {
  throwIfNetworkFailure(failure);
  // Our own rules (robots.txt, refused addresses, size) are skips, not failures.
  const skipped =
    failure.reason === 'robots' ||
    failure.reason === 'refused-address' ||
    failure.reason === 'unsupported-scheme' ||
    failure.reason === 'too-large' ||
    failure.reason === 'invalid-url';
  return { status: skipped ? 'skipped' : 'failed', error: failure.message };
}
