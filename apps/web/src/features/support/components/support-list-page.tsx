// /support: her support requests, the latest activity first, with the way to ask a new question.
import { LifeBuoy, Plus } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { ListLoadError, ListLoading } from '#app/components/paged-list-states.tsx';
import { SupportStatusBadge, formatSupportTime } from '#app/components/support-thread.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { useSupportRequests } from '#app/features/support/api/get-support-requests.ts';

export function SupportListPage({ userId }: { userId: string }) {
  const requests = useSupportRequests(userId);
  const newButton = (
    <Button asChild>
      <Link to="/support/new">
        <Plus aria-hidden="true" />
        New request
      </Link>
    </Button>
  );
  return (
    <PageFrame
      title="Help"
      description="Ask our team about your protection, a takedown or a finding. We answer here and let you know by notification."
      actions={newButton}
    >
      {requests.isPending ? (
        <ListLoading label="Loading your requests" itemClassName="h-20" />
      ) : requests.isError ? (
        <ListLoadError
          what="Your requests"
          error={requests.error}
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.requests.length === 0 ? (
        <EmptyState icon={LifeBuoy} title="No requests yet" action={newButton}>
          When you ask us something, the conversation shows here.
        </EmptyState>
      ) : (
        <section aria-labelledby="support-requests-heading" className="grid gap-3">
          <h2 id="support-requests-heading" className="sr-only">
            Your requests
          </h2>
          <ul className="grid gap-3">
            {requests.data.requests.map((request) => (
              <li key={request.id}>
                <Link
                  to="/support/$id"
                  params={{ id: request.id }}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border bg-card p-4 transition-colors hover:bg-accent/40 focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none"
                >
                  <span className="grid min-w-0 gap-1">
                    <span className="truncate font-medium">{request.subject}</span>
                    <span className="text-xs text-muted-foreground">
                      Last activity{' '}
                      <time dateTime={request.lastMessageAt}>
                        {formatSupportTime(request.lastMessageAt)}
                      </time>
                    </span>
                  </span>
                  <SupportStatusBadge status={request.status} />
                </Link>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">
            {requests.data.unclosed} of at most {requests.data.unclosedLimit} requests not closed.
          </p>
        </section>
      )}
    </PageFrame>
  );
}
