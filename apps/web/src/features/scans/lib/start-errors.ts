// What to tell the creator when "Scan now" is refused, and what way on to offer.
import { isApiClientError } from '#app/lib/api.ts';

export type StartFailure = {
  message: string;
  /**
   * limit: the plan's scans this month are used up (see the plans); running: a scan is already
   * under way (follow it); forbidden: scanning is not part of the user's plan; other: anything else.
   */
  reason: 'limit' | 'running' | 'forbidden' | 'other';
  /** "4 of 4 scans this month", from the limit details of a PLAN_LIMIT_REACHED answer. */
  usage: string | null;
};

export function startFailureOf(error: unknown): StartFailure {
  if (!isApiClientError(error)) {
    return { message: 'The scan could not be started. Try again.', reason: 'other', usage: null };
  }
  if (error.code === 'PLAN_LIMIT_REACHED') {
    const usage = error.limit
      ? `${error.limit.used} of ${error.limit.allowed} ${error.limit.allowed === 1 ? 'scan' : 'scans'} this month`
      : null;
    return { message: error.message, reason: 'limit', usage };
  }
  if (error.status === 409) return { message: error.message, reason: 'running', usage: null };
  if (error.status === 403) return { message: error.message, reason: 'forbidden', usage: null };
  return { message: error.message, reason: 'other', usage: null };
}
