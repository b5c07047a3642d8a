// The side panel of one takedown (GET /api/takedowns/{id}): where it stands, its history with times,
// who can remove it in escalation order, the notices sent and the search engines' delisting, and a way
// to ask the team about it.
import { TAKEDOWN_STATUS_LABELS, RECIPIENT_ROLE_LABELS } from '@shark/contracts/takedown-report.ts';
import type { TakedownDetail } from '@shark/contracts/takedowns.ts';
import { Link } from '@tanstack/react-router';
import { CircleAlert, LifeBuoy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '#app/components/ui/sheet.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { noticePdfUrl, useTakedown } from '#app/features/takedown-report/api/get-takedown.ts';
import { TakedownStatusBadge } from '#app/features/takedown-report/components/status-badge.tsx';
import { formatDateTime } from '#app/features/takedown-report/lib/labels.ts';
import { isApiClientError } from '#app/lib/api.ts';

const ENGINE_LABELS = { google: 'Google', bing: 'Bing' } as const;
const DELISTING_LABELS = {
  queued: 'Queued',
  batched: 'In today’s batch',
  submitted: 'Submitted',
  removed: 'Delisted',
  rejected: 'Refused',
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Details({ takedown }: { takedown: TakedownDetail }) {
  return (
    <div className="grid gap-6 px-4 pb-6 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <TakedownStatusBadge status={takedown.status} />
        {takedown.isWaitingForAuthorization ? (
          <span className="text-muted-foreground">Waiting for your signed authorisation</span>
        ) : takedown.isResolvingRecipients ? (
          <span className="text-muted-foreground">Finding who can remove it</span>
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Confirmed</dt>
        <dd>{formatDateTime(takedown.confirmedAt)}</dd>
        {takedown.noticeSentAt ? (
          <>
            <dt className="text-muted-foreground">Notice sent</dt>
            <dd>{formatDateTime(takedown.noticeSentAt)}</dd>
          </>
        ) : null}
        {takedown.responseDueAt ? (
          <>
            <dt className="text-muted-foreground">Answer due</dt>
            <dd>{formatDateTime(takedown.responseDueAt)}</dd>
          </>
        ) : null}
        {takedown.removedAt ? (
          <>
            <dt className="text-muted-foreground">Removed</dt>
            <dd>{formatDateTime(takedown.removedAt)}</dd>
          </>
        ) : null}
        {takedown.closedAt ? (
          <>
            <dt className="text-muted-foreground">Closed</dt>
            <dd>
              {formatDateTime(takedown.closedAt)}
              {takedown.closedReason ? ` — ${takedown.closedReason}` : ''}
            </dd>
          </>
        ) : null}
        {takedown.lastCheckedAt ? (
          <>
            <dt className="text-muted-foreground">Last checked</dt>
            <dd>
              {formatDateTime(takedown.lastCheckedAt)}
              {takedown.lastCheckResult ? ` — ${takedown.lastCheckResult}` : ''}
            </dd>
          </>
        ) : null}
      </dl>

      <Section title="History">
        <ol className="grid gap-2 border-l pl-4" aria-label="History">
          {historyOf(takedown).map((entry, i) => (
            <li key={`${entry.at}-${i}`}>
              <p className="font-medium">{entry.title}</p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {entry.detail ? ` · ${entry.detail}` : ''}
              </p>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Who can remove it">
        {takedown.recipients.length === 0 ? (
          <p className="text-muted-foreground">Not looked up yet.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Recipients">
            {takedown.recipients.map((recipient) => (
              <li key={recipient.level} className="rounded-lg border p-2">
                <p className="font-medium">
                  {recipient.name}{' '}
                  <span className="font-normal text-muted-foreground">
                    ({RECIPIENT_ROLE_LABELS[recipient.role]}
                    {recipient.isCurrent ? ', asked now' : ''})
                  </span>
                </p>
                <p className="text-xs break-all text-muted-foreground">{recipient.address}</p>
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section title="Notices">
        {takedown.notices.length === 0 ? (
          <p className="text-muted-foreground">No notice sent yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Notices">
            {takedown.notices.map((notice) => (
              <li key={notice.id} className="rounded-lg border p-2">
                <p className="font-medium">{notice.subject}</p>
                <p className="text-xs text-muted-foreground">
                  To {notice.recipientName} ({notice.address}) ·{' '}
                  {notice.sentAt ? `sent ${formatDateTime(notice.sentAt)}` : 'not sent yet'}
                  {notice.delivery?.lastError ? ` · last error: ${notice.delivery.lastError}` : ''}
                </p>
                {notice.hasPdf ? (
                  <a
                    href={noticePdfUrl(takedown.id, notice.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-xs font-medium text-primary underline-offset-4 hover:underline"
                  >
                    PDF copy<span className="sr-only"> of the notice (opens in a new tab)</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Search engines">
        {takedown.delisting.length === 0 ? (
          <p className="text-muted-foreground">No delisting requested yet.</p>
        ) : (
          <ul className="grid gap-1" aria-label="Delisting">
            {takedown.delisting.map((request) => (
              <li key={request.engine}>
                {ENGINE_LABELS[request.engine]}: {DELISTING_LABELS[request.status]}
                {request.batchDay ? ` (batch of ${request.batchDay})` : ''}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Button asChild variant="outline" className="w-fit">
        <Link
          to="/support/new"
          search={{
            takedownId: takedown.id,
            subject: `About my takedown on ${takedown.host}`.slice(0, 200),
          }}
        >
          <LifeBuoy aria-hidden="true" />
          Ask us about this takedown
        </Link>
      </Button>
    </div>
  );
}

export function TakedownDetailsSheet({
  userId,
  takedownId,
  onClose,
}: {
  userId: string;
  takedownId: string | undefined;
  onClose: () => void;
}) {
  const takedown = useTakedown(userId, takedownId);
  return (
    <Sheet
      open={takedownId !== undefined}
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
    >
      <SheetContent className="w-full overflow-y-auto sm:max-w-md">
        <SheetHeader>
          <SheetTitle>Takedown</SheetTitle>
          <SheetDescription className="break-all">
            {takedown.data?.pageUrl ?? 'Loading the takedown…'}
          </SheetDescription>
        </SheetHeader>
        {takedown.isPending ? (
          <div role="status" aria-label="Loading the takedown" className="grid gap-3 px-4">
            <Skeleton className="h-6 w-32" />
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : takedown.isError ? (
          <div className="px-4">
            <Alert variant="error">
              <CircleAlert aria-hidden="true" />
              <p>
                {isApiClientError(takedown.error) && takedown.error.status === 404
                  ? 'This takedown was not found.'
                  : 'The takedown could not be loaded. Try again in a moment.'}
              </p>
            </Alert>
          </div>
        ) : (
          <Details takedown={takedown.data} />
        )}
      </SheetContent>
    </Sheet>
  );
}

/** Status changes and what Shark's team did by hand, in the order they happened. */
function historyOf(
  takedown: TakedownDetail,
): { title: string; detail: string | null; at: string }[] {
  return [
    ...takedown.events.map((event) => ({
      title: TAKEDOWN_STATUS_LABELS[event.to],
      detail: event.detail,
      at: event.at,
    })),
    ...takedown.staffActions.map((action) => ({
      title: 'Shark’s team',
      detail: action.description,
      at: action.at,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}
