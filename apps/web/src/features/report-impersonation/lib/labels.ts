// Words and small formats the Report Impersonation screen shows.

/** The takedown's status in words (the same statuses as the Takedown Report). */
const TAKEDOWN_LABELS: Record<string, string> = {
  confirmed: 'Report prepared',
  notice_sent: 'Reported to the platform',
  removed: 'Removed',
  rejected: 'Rejected',
  no_response: 'No response',
  escalated: 'Escalated',
  closed: 'Closed',
};

export function takedownLabel(status: string): string {
  return TAKEDOWN_LABELS[status] ?? status.replaceAll('_', ' ');
}

/** "@name" for a handle, the address as it is for a website. */
export function handleOf(username: string | null): string | null {
  if (!username) return null;
  return /[./:]/.test(username) ? username : `@${username}`;
}

export function formatReportedDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));
}
