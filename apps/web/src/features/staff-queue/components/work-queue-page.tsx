// The staff work queue: counts by kind, the filters, and the table of items in the order to work
// them (priority from the creator's plan, then due time), each with its claim button.
import type { WorkItem } from '@shark/contracts/work-queue.ts';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, Inbox } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { isApiClientError } from '#app/lib/api.ts';
import { useClaimWorkItem } from '#app/features/staff-queue/api/claim-work-item.ts';
import { useQueueCounts } from '#app/features/staff-queue/api/get-queue-counts.ts';
import { useWorkQueue } from '#app/features/staff-queue/api/get-work-queue.ts';
import {
  KIND_LABELS,
  PLAN_LABELS,
  formatWhen,
} from '#app/features/staff-queue/lib/queue-labels.ts';
import { apiQueryOf, type QueueSearch } from '#app/features/staff-queue/lib/queue-search.ts';
import { QueueFilters } from './queue-filters.tsx';

export function messageOf(error: unknown, fallback: string): string {
  return isApiClientError(error) ? error.message : fallback;
}

export function PlanBadge({ plan }: { plan: WorkItem['plan'] }) {
  return (
    <Badge variant={plan === 'premium' ? 'default' : plan === 'none' ? 'outline' : 'secondary'}>
      {PLAN_LABELS[plan]}
    </Badge>
  );
}

export function DueMark({ item }: { item: WorkItem }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <time dateTime={item.dueAt}>{formatWhen(item.dueAt)}</time>
      {item.isOverdue ? (
        <Badge variant="destructive">
          <AlertTriangle aria-hidden="true" />
          Overdue
        </Badge>
      ) : null}
    </span>
  );
}

function ClaimCell({ item }: { item: WorkItem }) {
  const claim = useClaimWorkItem('claim');
  if (item.status === 'done') return <span className="text-muted-foreground">{item.outcome}</span>;
  if (item.claimedBy) return <span>{item.claimedBy.email}</span>;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={claim.isPending}
      aria-label={`Claim: ${item.title}`}
      onClick={() =>
        claim.mutate(item.id, {
          onSuccess: () => toast.success('Claimed'),
          onError: (error) => toast.error(messageOf(error, 'The item could not be claimed.')),
        })
      }
    >
      {claim.isPending ? <Spinner className="size-3" /> : null}
      Claim
    </Button>
  );
}

function Counts() {
  const counts = useQueueCounts();
  if (!counts.data) return null;
  return (
    <ul aria-label="Open items by kind" className="flex flex-wrap gap-2 text-sm">
      {counts.data.kinds.map((k) => (
        <li key={k.kind} className="rounded-lg border px-3 py-1.5">
          {KIND_LABELS[k.kind]}: <strong>{k.open}</strong>
          {k.overdue > 0 ? <span className="text-destructive"> ({k.overdue} overdue)</span> : null}
        </li>
      ))}
      <li className="rounded-lg border px-3 py-1.5">
        Held by me: <strong>{counts.data.mine}</strong>
      </li>
    </ul>
  );
}

export function WorkQueuePage({
  search,
  onSearchChange,
}: {
  search: QueueSearch;
  onSearchChange: (next: QueueSearch) => void;
}) {
  const queue = useWorkQueue(apiQueryOf(search));
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <PageFrame
      title="Work queue"
      description="Premium first, then by due time. Claim an item before you work on it."
      className="max-w-7xl"
    >
      <div className="grid gap-6">
        <Counts />
        <QueueFilters search={search} onChange={onSearchChange} />
        {queue.isError ? (
          <Alert variant="error">{messageOf(queue.error, 'The queue could not load.')}</Alert>
        ) : queue.isPending ? (
          <Spinner />
        ) : items.length === 0 ? (
          <EmptyState icon={Inbox} title="Nothing to do here">
            No item matches these filters. New work arrives within a minute of its record.
          </EmptyState>
        ) : (
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Work items</caption>
              <thead className="bg-muted/50 text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Kind
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Creator
                  </th>
                  <th scope="col" className="px-3 py-2">
                    What
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Due
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {search.show === 'done' ? 'Outcome' : 'Held by'}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} className="border-t align-top">
                    <td className="px-3 py-2 whitespace-nowrap">{KIND_LABELS[item.kind]}</td>
                    <td className="px-3 py-2">
                      <span className="grid gap-1">
                        <span className="break-all">{item.creator.email}</span>
                        <PlanBadge plan={item.plan} />
                      </span>
                    </td>
                    <td className="px-3 py-2">
                      <Link
                        to="/staff/queue/$itemId"
                        params={{ itemId: item.id }}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {item.title}
                      </Link>
                      {item.host ? (
                        <span className="block text-xs text-muted-foreground">{item.host}</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">
                      <DueMark item={item} />
                    </td>
                    <td className="px-3 py-2">
                      <ClaimCell item={item} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {queue.hasNextPage ? (
          <Button
            variant="outline"
            className="justify-self-center"
            disabled={queue.isFetchingNextPage}
            onClick={() => void queue.fetchNextPage()}
          >
            {queue.isFetchingNextPage ? <Spinner className="size-3" /> : null}
            More
          </Button>
        ) : null}
      </div>
    </PageFrame>
  );
}
