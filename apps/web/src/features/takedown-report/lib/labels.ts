// Words and small formats of the takedown report.
import type { TakedownStatus } from '@shark/contracts/takedown-report.ts';

/** How each status looks as a badge: done ones calm, ones that need a next step warm. */
export const STATUS_BADGE: Record<
  TakedownStatus,
  { variant: 'default' | 'secondary' | 'outline' | 'warning' | 'destructive'; className?: string }
> = {
  confirmed: { variant: 'secondary' },
  notice_sent: { variant: 'default' },
  no_response: { variant: 'warning' },
  rejected: { variant: 'destructive' },
  escalated: { variant: 'warning' },
  removed: { variant: 'outline', className: 'border-success/30 bg-success/10 text-success' },
  closed: { variant: 'outline' },
};

/** "12 May 2025" in the reader's locale; the full time goes in the title. */
export function formatDay(iso: string | null): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
