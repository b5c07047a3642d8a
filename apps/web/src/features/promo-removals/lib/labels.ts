// Words the Free Removals screen shows: where each removal stands, and the allowance in a sentence.
import type { FreeRemovalAllowance, FreeRemovalStage } from '@shark/contracts/promo-removals.ts';

export const STAGE_LABELS: Record<FreeRemovalStage, string> = {
  checking: 'Checking',
  not_checkable: 'Could not be checked',
  whitelisted: 'Whitelisted',
  takedown_opened: 'Takedown opened',
  notice_sent: 'Notice sent',
  removed: 'Removed',
  rejected: 'Rejected',
  no_response: 'No response',
  escalated: 'Escalated',
  closed: 'Closed',
};

/** What comes next, in a sentence, for the stages that wait on something. */
export const STAGE_NEXT: Partial<Record<FreeRemovalStage, string>> = {
  checking: 'We fetch the page and compare it with your files.',
  takedown_opened:
    'We find who hosts the page and send the takedown notice once your agent authorisation is signed.',
  notice_sent: 'The notice is out; we check the page until the copy is gone.',
  escalated: 'No answer in time: the notice went to the next recipient (the host or registrar).',
};

export function allowanceSummary(allowance: FreeRemovalAllowance): string {
  if (allowance.limit === 0) return 'Free Removals are not offered at the moment.';
  const left =
    allowance.left === 1 ? '1 free removal left' : `${allowance.left} free removals left`;
  return `${left} of ${allowance.limit}`;
}

export function formatRemovalDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
