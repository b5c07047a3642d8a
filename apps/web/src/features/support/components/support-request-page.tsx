// /support/$id: one of her requests — its status, what it is about, the conversation, her reply box
// and the way to close it.
import type { SupportLink, SupportMessage } from '@shark/contracts/support.ts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, CircleCheck } from 'lucide-react';
import { toast } from 'sonner';
import { SupportReplyForm } from '#app/components/support-reply-form.tsx';
import { SupportStatusBadge, SupportThread } from '#app/components/support-thread.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useCloseSupportRequest } from '#app/features/support/api/close-support-request.ts';
import { supportRequestQueryOptions } from '#app/features/support/api/get-support-request.ts';
import { useReplySupportRequest } from '#app/features/support/api/reply-support-request.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { useBrand } from '#app/lib/queries/get-brand.ts';

function LinkedRecord({ link }: { link: SupportLink }) {
  return (
    <p className="text-sm text-muted-foreground">
      About your {link.type} of{' '}
      <a href={link.pageUrl} target="_blank" rel="noreferrer noopener" className="underline">
        {link.host || link.pageUrl}
      </a>{' '}
      ({link.status.replaceAll('_', ' ')}).
    </p>
  );
}

export function SupportRequestPage({ userId, requestId }: { userId: string; requestId: string }) {
  const brand = useBrand();
  const { data: request } = useSuspenseQuery(supportRequestQueryOptions(userId, requestId));
  const reply = useReplySupportRequest(userId, requestId);
  const close = useCloseSupportRequest(userId, requestId);
  const authorOf = (message: SupportMessage) => (message.fromStaff ? `${brand.name} team` : 'You');

  return (
    <PageFrame
      title={request.subject}
      description={<SupportStatusBadge status={request.status} />}
      actions={
        <Button asChild variant="outline">
          <Link to="/support">
            <ArrowLeft aria-hidden="true" />
            All requests
          </Link>
        </Button>
      }
    >
      <div className="grid max-w-3xl gap-6">
        {request.link ? <LinkedRecord link={request.link} /> : null}
        <SupportThread messages={request.messages} authorOf={authorOf} />
        <SupportReplyForm
          label="Your reply"
          submitLabel="Send reply"
          hint={
            request.status === 'closed'
              ? 'Replying opens the request again.'
              : 'The team sees your reply in its queue.'
          }
          isPending={reply.isPending}
          send={(message) => reply.mutateAsync(message)}
        />
        {request.status !== 'closed' ? (
          <div className="flex flex-wrap items-center gap-3 border-t pt-4">
            <Button
              variant="outline"
              disabled={close.isPending}
              onClick={() =>
                close.mutate(undefined, {
                  onSuccess: () => toast.success('The request is closed.'),
                  onError: (error) =>
                    toast.error(
                      isApiClientError(error) ? error.message : 'The request could not be closed.',
                    ),
                })
              }
            >
              {close.isPending ? <Spinner /> : <CircleCheck aria-hidden="true" />}
              Close the request
            </Button>
            <p className="text-xs text-muted-foreground">Close it once you need no more help.</p>
          </div>
        ) : null}
      </div>
    </PageFrame>
  );
}
