// A support conversation as both sides see it: the request's status, and its messages oldest first,
// the team's marked as such. Shared by the creator's /support pages and the staff console.
import type { SupportMessage, SupportStatus } from '@shark/contracts/support.ts';
import { Badge } from '#app/components/ui/badge.tsx';
import { cn } from '#app/lib/utils.ts';

export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  open: 'Waiting for the team',
  answered: 'Answered',
  closed: 'Closed',
};

export function SupportStatusBadge({
  status,
  labels = SUPPORT_STATUS_LABELS,
}: {
  status: SupportStatus;
  labels?: Record<SupportStatus, string>;
}) {
  const variant = status === 'answered' ? 'default' : status === 'open' ? 'warning' : 'secondary';
  return <Badge variant={variant}>{labels[status]}</Badge>;
}

/** "12 May 2025, 09:30" in the reader's locale and time zone. */
export function formatSupportTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

export function SupportThread({
  messages,
  authorOf,
}: {
  messages: (SupportMessage & { authorEmail?: string | null })[];
  /** Who wrote a message, as this side names it. */
  authorOf: (message: SupportMessage & { authorEmail?: string | null }) => string;
}) {
  return (
    <ol aria-label="Messages" className="grid gap-4">
      {messages.map((message) => (
        <li
          key={message.id}
          className={cn(
            'rounded-2xl border p-4',
            message.fromStaff ? 'border-primary/30 bg-primary/5' : 'bg-card',
          )}
        >
          <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span className="font-medium">{authorOf(message)}</span>
            <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
              {formatSupportTime(message.createdAt)}
            </time>
          </p>
          <p className="mt-2 text-sm whitespace-pre-wrap">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}
