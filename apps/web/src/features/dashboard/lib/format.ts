// Small formats of the dashboard's figures.
import type { DashboardSummary } from '@shark/contracts/takedown-report.ts';

/** The x-axis label of a bucket: "12 May" for days and weeks, "May 25" for months (UTC, as counted). */
export function bucketLabel(start: string, bucket: DashboardSummary['series']['bucket']): string {
  const date = new Date(`${start}T00:00:00Z`);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    ...(bucket === 'month'
      ? { month: 'short', year: '2-digit' }
      : { day: 'numeric', month: 'short' }),
  }).format(date);
}

/** "3 hours ago", "yesterday", "in 2 days". */
export function formatRelative(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(seconds, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
