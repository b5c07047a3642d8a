// Words and small formats the Report Leaks screen shows, and how a paste becomes the list sent.
import type {
  ReportedUrlStatus,
  ReportLeaksResult,
  ReportLineStatus,
} from '@shark/contracts/report-leaks.ts';

export const REPORT_STATUS_LABELS: Record<ReportedUrlStatus, string> = {
  queued: 'Checking',
  matched: 'Matched',
  unmatched: 'No match',
  failed: 'Could not load',
};

export const LINE_STATUS_LABELS: Record<ReportLineStatus, string> = {
  accepted: 'Accepted',
  duplicate: 'Duplicate',
  invalid: 'Not valid',
  whitelisted: 'Whitelisted',
};

/** The takedown's status in words (the same statuses as the Takedown Report). */
export const TAKEDOWN_LABELS: Record<string, string> = {
  confirmed: 'Takedown opened',
  notice_sent: 'Notice sent',
  removed: 'Removed',
  rejected: 'Rejected',
  no_response: 'No response',
  escalated: 'Escalated',
  closed: 'Closed',
};

export function takedownLabel(status: string): string {
  return TAKEDOWN_LABELS[status] ?? status.replaceAll('_', ' ');
}

/**
 * The addresses of a paste, one per line, blank lines left out; `lines` keeps each one's line in the
 * box, so the answer can name the line she sees.
 */
export function splitPastedLines(text: string): { urls: string[]; lines: number[] } {
  const urls: string[] = [];
  const lines: number[] = [];
  text.split(/\r\n|\n|\r/).forEach((raw, index) => {
    const input = raw.trim();
    if (input === '') return;
    urls.push(input);
    lines.push(index + 1);
  });
  return { urls, lines };
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "2 addresses accepted, 1 duplicate, 1 not valid, 1 whitelisted" */
export function resultSummary(result: ReportLeaksResult): string {
  const { accepted, duplicate, invalid, whitelisted } = result.counts;
  const parts = [count(accepted, 'address accepted', 'addresses accepted')];
  if (duplicate > 0) parts.push(count(duplicate, 'duplicate', 'duplicates'));
  if (invalid > 0) parts.push(`${invalid} not valid`);
  if (whitelisted > 0) parts.push(`${whitelisted} whitelisted`);
  return parts.join(', ');
}

export function formatReportedDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
