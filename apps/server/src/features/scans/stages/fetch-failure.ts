// What a failed fetch means for a scan task: a network hiccup is retried, our own rules skip, the rest fail.
import { RetryableScanError, type StageOutcome } from '../scan-task-runner.ts';

/** Fetch failures worth another try. */
export const RETRYABLE_FETCH = new Set(['timeout', 'network', 'unreachable', 'dns']);

/** The outcome of a task whose page or media did not download; throws when the fetch is worth retrying. */
export function failedFetchOutcome(failure: { reason: string; message: string }): StageOutcome {
  if (RETRYABLE_FETCH.has(failure.reason)) throw new RetryableScanError(failure.message);
  // Our own rules (robots.txt, refused addresses, size) are skips, not failures.
  const skipped =
    failure.reason === 'robots' ||
    failure.reason === 'refused-address' ||
    failure.reason === 'unsupported-scheme' ||
    failure.reason === 'too-large' ||
    failure.reason === 'invalid-url';
  return { status: skipped ? 'skipped' : 'failed', error: failure.message };
}
