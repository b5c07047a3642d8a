// /staff/support/$id: a request with who asked (address, plan), what it is about, the conversation,
// the answer box, and close or reopen. Each of these is recorded in the audit log by the server.
import type { StaffSupportRequest } from '@shark/contracts/support.ts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, CircleCheck, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { SupportReplyForm } from '#app/components/support-reply-form.tsx';
import { SupportStatusBadge, SupportThread } from '#app/components/support-thread.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useAnswerSupportRequest } from '#app/features/staff-support/api/answer-support-request.ts';
import { staffSupportRequestQueryOptions } from '#app/features/staff-support/api/get-staff-support-request.ts';
import { useSetSupportStatus } from '#app/features/staff-support/api/set-support-status.ts';
import { STAFF_STATUS_LABELS } from '#app/features/staff-support/lib/staff-support-search.ts';
import { isApiClientError } from '#app/lib/api.ts';

function CreatorFacts({ request }: { request: StaffSupportRequest }) {
  const { creator, link } = request;
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-2xl border bg-card p-4 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-muted-foreground">Creator</dt>
      <dd>
        {creator.name ? `${creator.name} · ` : ''}
        <a href={`mailto:${creator.email}`} className="underline">
          {creator.email}
        </a>
      </dd>
      <dt className="text-muted-foreground">Plan</dt>
      <dd>{creator.tierName}</dd>
      <dt className="text-muted-foreground">About</dt>
      <dd>
        {link ? (
          <>
            {link.type} <code className="text-xs">{link.id}</code> ·{' '}
            <a href={link.pageUrl} target="_blank" rel="noreferrer noopener" className="underline">
              {link.host || link.pageUrl}
            </a>{' '}
            · {link.status.replaceAll('_', ' ')}
          </>
        ) : (
          'No takedown or finding'
        )}
      </dd>
    </dl>
  );
}

export function StaffSupportRequestPage({ requestId }: { requestId: string }) {
  const { data: request } = useSuspenseQuery(staffSupportRequestQueryOptions(requestId));
  const answer = useAnswerSupportRequest(requestId);
  const setStatus = useSetSupportStatus(requestId);
  const change = request.status === 'closed' ? 'reopen' : 'close';

  return (
    <PageFrame
      title={request.subject}
      description={<SupportStatusBadge status={request.status} labels={STAFF_STATUS_LABELS} />}
      actions={
        <Button asChild variant="outline">
          <Link to="/staff/support">
            <ArrowLeft aria-hidden="true" />
            All requests
          </Link>
        </Button>
      }
    >
      <div className="grid max-w-3xl gap-6">
        <CreatorFacts request={request} />
        <SupportThread
          messages={request.messages}
          authorOf={(message) =>
            message.fromStaff
              ? `Team (${message.authorEmail ?? 'former staff'})`
              : (message.authorEmail ?? request.creator.email)
          }
        />
        <SupportReplyForm
          label="Answer"
          submitLabel="Send answer"
          hint="The creator is notified in the app and by e-mail."
          isPending={answer.isPending}
          send={(message) => answer.mutateAsync(message)}
        />
        <div className="flex flex-wrap items-center gap-3 border-t pt-4">
          <Button
            variant="outline"
            disabled={setStatus.isPending}
            onClick={() =>
              setStatus.mutate(change, {
                onSuccess: () =>
                  toast.success(
                    change === 'close' ? 'The request is closed.' : 'The request is open again.',
                  ),
                onError: (error) =>
                  toast.error(
                    isApiClientError(error) ? error.message : 'The request could not be changed.',
                  ),
              })
            }
          >
            {setStatus.isPending ? (
              <Spinner />
            ) : change === 'close' ? (
              <CircleCheck aria-hidden="true" />
            ) : (
              <RotateCcw aria-hidden="true" />
            )}
            {change === 'close' ? 'Close the request' : 'Reopen the request'}
          </Button>
        </div>
      </div>
    </PageFrame>
  );
}
